/**
 * Demo data in Arabic and English, loaded on first start. Built from the same
 * factories as the tests. Idempotent: a `seeded_at` setting marks it done.
 */
import { eq } from 'drizzle-orm';
import type { Db } from './client.ts';
import * as f from './factories.ts';
import * as t from './schema/index.ts';
import { seedCatalogue, type DemoImageMaker } from './seed-catalogue.ts';

export type SeedOptions = {
  adminEmail: string;
  /** argon2id hash of the super admin's password. */
  adminPasswordHash: string;
  /** Also load the demo customer and sample notifications. */
  demo: boolean;
  /** Draws and stores a demo picture (products, categories, brands); none when left out. */
  demoImage?: DemoImageMaker;
};

/** The demo store, once (also into a database seeded before it existed). */
const demoCatalogue = (db: Db, options: SeedOptions) =>
  options.demo ? db.transaction((tx) => seedCatalogue(tx as unknown as Db, options.demoImage)) : false;

export const DEMO_CUSTOMER = { countryCode: '966', phone: '500000001', name: 'محمد العتيبي' };

export const DEFAULT_SETTINGS = {
  site: {
    name_ar: 'مسابح',
    name_en: 'Masabeh',
    description_ar:
      'مسابح منصة سعودية متكاملة لخدمات ومستلزمات المسابح: متجر إلكتروني، صيانة فورية، باقات صيانة دورية، وإنشاء وتصميم المسابح.',
    description_en:
      'Masabeh is a Saudi platform for pool services and supplies: an online store, immediate maintenance, scheduled maintenance packages, and pool construction and design.',
    logo: '/img/logo_app.png',
    /** Open Graph image of the site's pages. */
    share_image: '/img/logo_app.png',
  },
  contact: {
    location_ar: 'الرياض، حي الملقا، طريق الملك فهد',
    location_en: 'King Fahd Road, Al Malqa, Riyadh',
    phone: '+966 11 000 0000',
    email: 'info@masabeh.com',
    map_url: 'https://maps.google.com/?q=24.8121,46.6127',
  },
  legal: { tax_number: '310000000000003', commercial_record: '1010000000' },
  apps: {
    android_app_link: 'https://play.google.com/store/apps/details?id=com.masabeh.app',
    iphone_app_link: 'https://apps.apple.com/sa/app/masabeh/id0000000000',
  },
  vat_rate: 15,
  monthly_target: 50_000_000,
} as const;

const DEMO_FAQS: [string, string, string, string][] = [
  [
    'كيف أطلب صيانة فورية لمسبحي؟',
    'How do I order immediate maintenance for my pool?',
    'اختر "صيانة فورية" من الصفحة الرئيسية، وصف المشكلة وأرفق صوراً، وسيتواصل معك فني خلال ساعات بعرض سعر واضح.',
    'Choose "Immediate maintenance" on the home page, describe the problem and attach photos; a technician contacts you within hours with a clear price offer.',
  ],
  [
    'ما الفرق بين الصيانة الفورية والصيانة الدورية؟',
    'What is the difference between immediate and scheduled maintenance?',
    'الصيانة الفورية زيارة واحدة لحل مشكلة قائمة، أما الصيانة الدورية فباقة زيارات منتظمة تحافظ على نظافة الماء وسلامة المعدات طوال العام.',
    'Immediate maintenance is one visit to fix a current problem; scheduled maintenance is a package of regular visits that keeps the water clean and the equipment safe all year.',
  ],
  [
    'هل الأسعار تشمل ضريبة القيمة المضافة؟',
    'Do the prices include VAT?',
    'نعم، جميع الأسعار المعروضة بالريال السعودي وتشمل ضريبة القيمة المضافة.',
    'Yes, all prices are shown in Saudi riyals and include VAT.',
  ],
  [
    'كيف أدفع قيمة طلبي؟',
    'How do I pay for my order?',
    'يمكنك الدفع بالبطاقة أو من رصيد محفظتك. الطلبات غير المدفوعة تُلغى تلقائياً بعد ساعتين.',
    'You can pay by card or from your wallet balance. Unpaid orders are cancelled automatically after 2 hours.',
  ],
  [
    'هل يمكنني إلغاء الطلب؟',
    'Can I cancel an order?',
    'يمكنك إلغاء الطلب قبل تجهيزه من صفحة طلباتك، ويُعاد المبلغ إلى محفظتك أو إلى البطاقة المستخدمة.',
    'You can cancel an order before it is prepared from your orders page; the amount is refunded to your wallet or to the card used.',
  ],
];

const CANCEL_REASONS: [string, string][] = [
  ['طلبت بالخطأ', 'I ordered by mistake'],
  ['وجدت سعراً أفضل', 'I found a better price'],
  ['تأخر موعد التنفيذ', 'The service date is too late'],
  ['أريد تعديل الطلب', 'I want to change the order'],
  ['سبب آخر', 'Another reason'],
];

const SEO_KEYWORDS = {
  ar: 'مسابح، صيانة مسابح، مستلزمات المسابح، إنشاء مسابح، تنظيف المسابح',
  en: 'pools, pool maintenance, pool supplies, pool construction, pool cleaning',
};

/**
 * One SEO entry per page of the site: the route ids of the site's route table
 * (apps/web/app/route-table.ts), the auth pages as `login`, `otp` and `register`.
 * [key, title ar, title en, description ar, description en]
 */
const SEO_PAGES: [string, string, string, string, string][] = [
  [
    'home',
    'مسابح | خدمات ومستلزمات المسابح',
    'Masabeh | Pool services and supplies',
    'متجر مستلزمات المسابح، صيانة فورية ودورية، وإنشاء وتصميم المسابح في المملكة.',
    'Pool supplies store, immediate and scheduled maintenance, and pool construction in Saudi Arabia.',
  ],
  [
    'login',
    'تسجيل الدخول | مسابح',
    'Sign in | Masabeh',
    'سجّل الدخول برقم جوالك لمتابعة طلباتك وخدماتك.',
    'Sign in with your mobile number to follow your orders and services.',
  ],
  [
    'otp',
    'رمز التحقق | مسابح',
    'Verification code | Masabeh',
    'أدخل رمز التحقق المرسل إلى جوالك.',
    'Enter the verification code sent to your mobile.',
  ],
  [
    'register',
    'إنشاء حساب | مسابح',
    'Create an account | Masabeh',
    'أنشئ حسابك في مسابح واطلب خدمات المسابح بسهولة.',
    'Create your Masabeh account and order pool services with ease.',
  ],
  [
    'chat-immediate',
    'محادثة الصيانة الفورية | مسابح',
    'Immediate maintenance chat | Masabeh',
    'تواصل مع فريق الصيانة الفورية بخصوص طلبك.',
    'Talk to the immediate maintenance team about your order.',
  ],
  [
    'chat-construction',
    'محادثة إنشاء المسابح | مسابح',
    'Pool construction chat | Masabeh',
    'تواصل مع مهندسي إنشاء المسابح بخصوص مشروعك.',
    'Talk to our pool construction engineers about your project.',
  ],
  [
    'chat-scheduled',
    'محادثة الصيانة الدورية | مسابح',
    'Scheduled maintenance chat | Masabeh',
    'تواصل مع فريق الصيانة الدورية بخصوص باقتك.',
    'Talk to the scheduled maintenance team about your package.',
  ],
  [
    'construction',
    'إنشاء وتصميم المسابح | مسابح',
    'Pool construction and design | Masabeh',
    'صمم مسبحك بالأبعاد والألوان التي تريدها وشاهده بتقنية ثلاثية الأبعاد قبل التنفيذ.',
    'Design your pool in the size and colours you want and see it in 3D before we build it.',
  ],
  [
    'immediate-maintenance',
    'صيانة فورية للمسابح | مسابح',
    'Immediate pool maintenance | Masabeh',
    'فني يصلك خلال ساعات لتشخيص مشكلة مسبحك وإصلاحها بعرض سعر واضح.',
    'A technician reaches you within hours to find and fix your pool problem, with a clear price.',
  ],
  [
    'scheduled-maintenance',
    'باقات الصيانة الدورية | مسابح',
    'Scheduled maintenance packages | Masabeh',
    'باقات زيارات منتظمة تحافظ على ماء مسبحك نقياً وآمناً طوال العام.',
    'Packages of regular visits that keep your pool water clean and safe all year.',
  ],
  [
    'contact-us',
    'تواصل معنا | مسابح',
    'Contact us | Masabeh',
    'راسل فريق مسابح أو تواصل معنا عبر الهاتف والبريد ووسائل التواصل.',
    'Message the Masabeh team or reach us by phone, e-mail and social media.',
  ],
  [
    'date-picker',
    'اختيار التاريخ | مسابح',
    'Choose a date | Masabeh',
    'اختر التاريخ المناسب لزيارة الفني.',
    'Choose a suitable date for the technician visit.',
  ],
  [
    'time',
    'اختيار الوقت | مسابح',
    'Choose a time | Masabeh',
    'اختر الوقت المناسب لزيارة الفني.',
    'Choose a suitable time for the technician visit.',
  ],
  [
    'terms',
    'الشروط والأحكام | مسابح',
    'Terms and conditions | Masabeh',
    'شروط استخدام موقع وتطبيق مسابح وسياسة الطلبات والدفع والخصوصية.',
    'Terms of use of the Masabeh site and app, and the order, payment and privacy policy.',
  ],
  ['profile', 'حسابي | مسابح', 'My account | Masabeh', 'بيانات حسابك في مسابح.', 'Your Masabeh account details.'],
  [
    'notifications',
    'الإشعارات | مسابح',
    'Notifications | Masabeh',
    'آخر إشعاراتك وتحديثات طلباتك.',
    'Your latest notifications and order updates.',
  ],
  [
    'shopping-cart',
    'سلة المشتريات | مسابح',
    'Shopping cart | Masabeh',
    'راجع منتجات سلتك وأكمل طلبك.',
    'Review the products in your cart and complete your order.',
  ],
  [
    'name-online-store',
    'أقسام المتجر | مسابح',
    'Store categories | Masabeh',
    'تصفح أقسام متجر مستلزمات المسابح.',
    'Browse the categories of the pool supplies store.',
  ],
  [
    'online-store',
    'المتجر الإلكتروني | مسابح',
    'Online store | Masabeh',
    'مضخات وفلاتر وكيماويات وكل مستلزمات المسابح بأسعار واضحة وتوصيل سريع.',
    'Pumps, filters, chemicals and every pool supply with clear prices and fast delivery.',
  ],
  [
    'online-store-details',
    'منتجات المتجر | مسابح',
    'Store products | Masabeh',
    'منتجات مستلزمات المسابح في هذا القسم.',
    'Pool supply products in this category.',
  ],
  [
    'online-store-id',
    'تفاصيل المنتج | مسابح',
    'Product details | Masabeh',
    'تفاصيل المنتج وسعره ومواصفاته.',
    'Product details, price and specifications.',
  ],
  [
    'more',
    'المزيد | مسابح',
    'More | Masabeh',
    'من نحن، الأسئلة الشائعة، المحفظة، المفضلة والمزيد.',
    'About us, FAQ, wallet, favourites and more.',
  ],
  [
    'about',
    'من نحن | مسابح',
    'About us | Masabeh',
    'تعرّف على مسابح، الشركة السعودية المتخصصة في خدمات المسابح.',
    'Meet Masabeh, the Saudi company specialised in pool services.',
  ],
  [
    'favorite',
    'المفضلة | مسابح',
    'Favourites | Masabeh',
    'المنتجات التي أضفتها إلى المفضلة.',
    'The products you added to your favourites.',
  ],
  [
    'my-remains',
    'مستحقاتي | مسابح',
    'My balances | Masabeh',
    'المبالغ المتبقية على طلباتك.',
    'The amounts remaining on your orders.',
  ],
  ['wallet', 'المحفظة | مسابح', 'Wallet | Masabeh', 'رصيد محفظتك وحركاتها.', 'Your wallet balance and transactions.'],
  [
    'complaints',
    'الشكاوى والاستفسارات | مسابح',
    'Complaints and inquiries | Masabeh',
    'أرسل شكوى أو استفساراً وتابع الرد عليه.',
    'Send a complaint or an inquiry and follow the answer.',
  ],
  [
    'complaint',
    'تفاصيل الشكوى | مسابح',
    'Complaint details | Masabeh',
    'تفاصيل الشكوى والردود عليها.',
    'The complaint and its replies.',
  ],
  [
    'order-complaints',
    'شكاوى الطلبات | مسابح',
    'Order complaints | Masabeh',
    'شكاوى واستفسارات طلباتك.',
    'Complaints and inquiries about your orders.',
  ],
  [
    'orders',
    'طلباتي | مسابح',
    'My orders | Masabeh',
    'كل طلباتك في المتجر والصيانة والإنشاء.',
    'All your store, maintenance and construction orders.',
  ],
  [
    'orders-immediate',
    'طلبات الصيانة الفورية | مسابح',
    'Immediate maintenance orders | Masabeh',
    'طلبات الصيانة الفورية الخاصة بك.',
    'Your immediate maintenance orders.',
  ],
  [
    'orders-immediate-id',
    'طلب صيانة فورية | مسابح',
    'Immediate maintenance order | Masabeh',
    'تفاصيل طلب الصيانة الفورية وحالته.',
    'The immediate maintenance order and its status.',
  ],
  [
    'orders-store',
    'طلبات المتجر | مسابح',
    'Store orders | Masabeh',
    'طلبات المتجر الإلكتروني الخاصة بك.',
    'Your online store orders.',
  ],
  [
    'orders-store-id',
    'طلب المتجر | مسابح',
    'Store order | Masabeh',
    'تفاصيل طلب المتجر وحالته.',
    'The store order and its status.',
  ],
  [
    'orders-construction',
    'طلبات إنشاء المسابح | مسابح',
    'Pool construction orders | Masabeh',
    'طلبات إنشاء وتصميم المسابح الخاصة بك.',
    'Your pool construction and design orders.',
  ],
  [
    'orders-construction-id',
    'طلب إنشاء مسبح | مسابح',
    'Pool construction order | Masabeh',
    'تفاصيل طلب إنشاء المسبح وحالته.',
    'The pool construction order and its status.',
  ],
  [
    'orders-scheduled',
    'طلبات الصيانة الدورية | مسابح',
    'Scheduled maintenance orders | Masabeh',
    'باقات وطلبات الصيانة الدورية الخاصة بك.',
    'Your scheduled maintenance packages and orders.',
  ],
  [
    'orders-scheduled-id',
    'طلب صيانة دورية | مسابح',
    'Scheduled maintenance order | Masabeh',
    'تفاصيل طلب الصيانة الدورية وزياراته.',
    'The scheduled maintenance order and its visits.',
  ],
  [
    'orders-evaluation',
    'تقييم الطلب | مسابح',
    'Rate the order | Masabeh',
    'قيّم الخدمة التي حصلت عليها.',
    'Rate the service you received.',
  ],
  [
    'order-details',
    'تفاصيل الطلب | مسابح',
    'Order details | Masabeh',
    'تفاصيل طلبك وحالته.',
    'Your order and its status.',
  ],
  [
    'settings',
    'الإعدادات | مسابح',
    'Settings | Masabeh',
    'اللغة والإشعارات وبيانات حسابك.',
    'Language, notifications and your account details.',
  ],
  [
    'edit-profile',
    'تعديل الملف الشخصي | مسابح',
    'Edit profile | Masabeh',
    'عدّل اسمك وبريدك وبياناتك البنكية.',
    'Edit your name, e-mail and bank details.',
  ],
  [
    'change-mobile',
    'تغيير رقم الجوال | مسابح',
    'Change mobile number | Masabeh',
    'غيّر رقم الجوال المرتبط بحسابك.',
    'Change the mobile number of your account.',
  ],
  [
    'change-mobile-phone',
    'رقم الجوال الجديد | مسابح',
    'New mobile number | Masabeh',
    'أدخل رقم الجوال الجديد.',
    'Enter your new mobile number.',
  ],
  [
    'change-mobile-confirm',
    'تأكيد تغيير الرقم | مسابح',
    'Confirm the number change | Masabeh',
    'أدخل رمز التحقق لتأكيد رقم جوالك الجديد.',
    'Enter the verification code to confirm your new number.',
  ],
];

export async function seed(db: Db, options: SeedOptions) {
  const done = await db.select().from(t.settings).where(eq(t.settings.key, 'seeded_at'));
  if (done.length) return { seeded: await demoCatalogue(db, options) };

  await db.transaction(async (tx) => {
    for (const [key, value] of Object.entries(DEFAULT_SETTINGS)) await f.makeSetting(tx, key, value);

    const countries = [
      { key: '966', iso: 'SA', nameAr: 'السعودية', nameEn: 'Saudi Arabia', smsAllowed: true },
      { key: '971', iso: 'AE', nameAr: 'الإمارات', nameEn: 'United Arab Emirates' },
      { key: '965', iso: 'KW', nameAr: 'الكويت', nameEn: 'Kuwait' },
      { key: '973', iso: 'BH', nameAr: 'البحرين', nameEn: 'Bahrain' },
      { key: '974', iso: 'QA', nameAr: 'قطر', nameEn: 'Qatar' },
      { key: '968', iso: 'OM', nameAr: 'عُمان', nameEn: 'Oman' },
      { key: '20', iso: 'EG', nameAr: 'مصر', nameEn: 'Egypt' },
    ];
    for (const [i, c] of countries.entries()) {
      await f.makeCountry(tx, { ...c, sort: i, flag: `/img/flags/${c.iso.toLowerCase()}.svg` });
    }

    const cities = [
      ['الرياض', 'Riyadh'],
      ['جدة', 'Jeddah'],
      ['مكة المكرمة', 'Makkah'],
      ['المدينة المنورة', 'Madinah'],
      ['الدمام', 'Dammam'],
      ['الخبر', 'Khobar'],
      ['الطائف', 'Taif'],
      ['أبها', 'Abha'],
    ];
    for (const [nameAr, nameEn] of cities) await f.makeCity(tx, { nameAr: nameAr!, nameEn: nameEn! });

    await f.makeSocial(tx, { title: 'X', url: 'https://x.com/masabeh', icon: 'x', sort: 1 });
    await f.makeSocial(tx, { title: 'Instagram', url: 'https://instagram.com/masabeh', icon: 'instagram', sort: 2 });
    await f.makeSocial(tx, { title: 'Snapchat', url: 'https://snapchat.com/add/masabeh', icon: 'snapchat', sort: 3 });
    await f.makeSocial(tx, { title: 'WhatsApp', url: 'https://wa.me/966110000000', icon: 'whatsapp', sort: 4 });

    const about = [
      [
        'من نحن',
        'Who we are',
        '<p>مسابح شركة سعودية متخصصة في خدمات المسابح منذ أكثر من عشر سنوات، نخدم المنازل والاستراحات والفنادق في مختلف مناطق المملكة.</p>',
        '<p>Masabeh is a Saudi company specialised in pool services for more than ten years, serving homes, rest houses and hotels across the Kingdom.</p>',
      ],
      [
        'رؤيتنا',
        'Our vision',
        '<p>أن يكون لكل مسبح في المملكة ماء نقي وآمن طوال العام، بخدمة سريعة وأسعار واضحة.</p>',
        '<p>Clean, safe water in every pool in the Kingdom all year round, with fast service and clear prices.</p>',
      ],
      [
        'خدماتنا',
        'Our services',
        '<p>متجر لمستلزمات المسابح، صيانة فورية خلال ساعات، باقات صيانة دورية، وإنشاء وتصميم المسابح بتصاميم ثلاثية الأبعاد.</p>',
        '<p>A pool-supplies store, immediate maintenance within hours, scheduled maintenance packages, and pool construction with 3D designs.</p>',
      ],
    ];
    for (const [i, [titleAr, titleEn, contentAr, contentEn]] of about.entries()) {
      await f.makePageSection(tx, {
        page: 'about',
        titleAr: titleAr!,
        titleEn: titleEn!,
        contentAr: contentAr!,
        contentEn: contentEn!,
        sort: i,
      });
    }
    const terms = [
      [
        'استخدام الموقع',
        'Use of the site',
        '<p>باستخدامك للموقع أو التطبيق فإنك توافق على هذه الشروط. يجب أن تكون البيانات التي تقدمها صحيحة ومحدثة.</p>',
        '<p>By using the site or the app you accept these terms. The details you provide must be correct and up to date.</p>',
      ],
      [
        'الطلبات والدفع',
        'Orders and payment',
        '<p>الأسعار بالريال السعودي وتشمل ضريبة القيمة المضافة 15٪. الطلبات غير المدفوعة تُلغى تلقائياً بعد ساعتين.</p>',
        '<p>Prices are in Saudi riyals and include 15% VAT. Unpaid orders are cancelled automatically after 2 hours.</p>',
      ],
      [
        'الإلغاء والاسترجاع',
        'Cancellation and refunds',
        '<p>يمكن إلغاء الطلب قبل تجهيزه، ويُعاد المبلغ إلى المحفظة أو إلى البطاقة المستخدمة في الدفع.</p>',
        '<p>An order can be cancelled before it is prepared; the amount is refunded to the wallet or to the card used.</p>',
      ],
      [
        'الخصوصية',
        'Privacy',
        '<p>نستخدم رقم جوالك وبياناتك لتقديم الخدمة فقط، ولا نشاركها مع أي طرف ثالث إلا بما يقتضيه النظام.</p>',
        '<p>We use your mobile number and details only to provide the service and share them with no third party except as the law requires.</p>',
      ],
    ];
    for (const [i, [titleAr, titleEn, contentAr, contentEn]] of terms.entries()) {
      await f.makePageSection(tx, {
        page: 'terms',
        titleAr: titleAr!,
        titleEn: titleEn!,
        contentAr: contentAr!,
        contentEn: contentEn!,
        sort: i,
      });
    }

    const banners = [
      ['عروض الصيف على مضخات المسابح', 'Summer offers on pool pumps', '/online_store'],
      ['صيانة فورية خلال ساعات', 'Immediate maintenance within hours', '/Immediate_maintenance'],
      ['صمم مسبحك بتقنية ثلاثية الأبعاد', 'Design your pool in 3D', '/construction'],
    ];
    for (const [i, [titleAr, titleEn, link]] of banners.entries()) {
      await f.makeBanner(tx, {
        titleAr: titleAr!,
        titleEn: titleEn!,
        link: link!,
        image: `/img/demo/banner-${i + 1}.webp`,
        sort: i,
      });
    }
    const intros = [
      [
        'ماء نقي طوال العام',
        'Clear water all year',
        'فنيون معتمدون يفحصون الماء والمعدات ويعالجون المشكلات في زيارة واحدة.',
        'Certified technicians test the water and equipment and fix problems in one visit.',
      ],
      [
        'كل مستلزمات المسبح',
        'Every pool supply',
        'مضخات وفلاتر وسخانات وكيماويات وإضاءة من أفضل العلامات التجارية.',
        'Pumps, filters, heaters, chemicals and lighting from the best brands.',
      ],
      [
        'مسبح أحلامك',
        'The pool of your dreams',
        'مهندسونا يصممون مسبحك بالأبعاد والألوان التي تختارها وينفذونه بإشراف كامل.',
        'Our engineers design your pool in the size and colours you choose and build it under full supervision.',
      ],
    ];
    for (const [i, [titleAr, titleEn, descriptionAr, descriptionEn]] of intros.entries()) {
      await f.makeIntro(tx, {
        titleAr: titleAr!,
        titleEn: titleEn!,
        descriptionAr: descriptionAr!,
        descriptionEn: descriptionEn!,
        image: `/img/demo/intro-${i + 1}.webp`,
        sort: i,
      });
    }

    for (const [i, [questionAr, questionEn, answerAr, answerEn]] of DEMO_FAQS.entries()) {
      await tx.insert(t.faqs).values({ questionAr, questionEn, answerAr, answerEn, sort: i });
    }
    for (const [titleAr, titleEn] of CANCEL_REASONS) await tx.insert(t.cancelReasons).values({ titleAr, titleEn });
    await tx.insert(t.seoEntries).values(
      SEO_PAGES.map(([key, metaTitleAr, metaTitleEn, metaDescriptionAr, metaDescriptionEn]) => ({
        key,
        metaTitleAr,
        metaTitleEn,
        metaDescriptionAr,
        metaDescriptionEn,
        metaKeywordsAr: SEO_KEYWORDS.ar,
        metaKeywordsEn: SEO_KEYWORDS.en,
      })),
    );

    await f.makeRedirect(tx, { fromPath: '/store', to: '/online_store', permanent: true });
    await f.makeRedirect(tx, { fromPath: '/en/store', to: '/en/online_store', permanent: true });

    const owner = await f.makeRole(tx, { nameAr: 'مدير عام', nameEn: 'General manager' });
    await f.makeAdmin(tx, {
      name: 'المدير العام',
      email: options.adminEmail,
      passwordHash: options.adminPasswordHash,
      isSuper: true,
      roleId: owner.id,
      phone: '500000000',
    });

    if (options.demo) {
      const customer = await f.makeUser(tx, {
        name: DEMO_CUSTOMER.name,
        countryCode: DEMO_CUSTOMER.countryCode,
        phone: DEMO_CUSTOMER.phone,
        email: 'customer@masabeh.com',
      });
      await f.makeNotification(tx, {
        userId: customer.id,
        type: 'admin_notify',
        titleAr: 'مرحباً بك في مسابح',
        titleEn: 'Welcome to Masabeh',
        bodyAr: 'يسعدنا انضمامك، تصفح المتجر واطلب خدمتك الأولى.',
        bodyEn: 'We are glad you joined; browse the store and order your first service.',
        link: '/',
      });
      await f.makeNotification(tx, {
        userId: customer.id,
        type: 'admin_notify',
        titleAr: 'خصم 10٪ على الكيماويات',
        titleEn: '10% off chemicals',
        bodyAr: 'استخدم الكود POOL10 عند الدفع حتى نهاية الشهر.',
        bodyEn: 'Use the code POOL10 at checkout until the end of the month.',
        link: '/online_store',
      });
      // Buying works out of the box: delivery to every city (25 SAR, free from 500 SAR) and the POOL10 coupon above.
      for (const city of await tx.select({ id: t.cities.id }).from(t.cities)) {
        await tx.insert(t.deliveryPrices).values({ cityId: city.id, price: 2500, freeAbove: 50_000 });
      }
      await tx.insert(t.coupons).values({
        title: 'خصم 10٪ للعملاء',
        code: 'POOL10',
        discountType: 'ratio',
        value: 10,
        maxDiscount: 10_000,
        maxUses: 1000,
        maxUsesPerUser: 1,
        startsAt: new Date(),
        expiresAt: new Date(Date.now() + 60 * 86_400_000),
      });
    }
    await f.makeSetting(tx, 'seeded_at', new Date().toISOString());
  });
  await demoCatalogue(db, options);
  return { seeded: true };
}
