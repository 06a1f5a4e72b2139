/**
 * The demo SEO of the site (seed.ts): one entry per page of the site, with the
 * same keywords everywhere, and the redirects of the old store addresses.
 */
import type { Db } from './client.ts';
import * as f from './factories.ts';
import * as t from './schema/index.ts';

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
    'faq',
    'الأسئلة الشائعة | مسابح',
    'Frequently asked questions | Masabeh',
    'إجابات أكثر الأسئلة شيوعاً عن طلبات المتجر والصيانة الفورية والدورية والدفع وإنشاء المسابح.',
    'Answers to the most common questions about store orders, immediate and scheduled maintenance, payment and pool construction.',
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

/** Writes the SEO entries and the redirects, inside the seed's transaction. */
export async function seedSeo(tx: Db) {
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
}
