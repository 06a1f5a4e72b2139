/**
 * The site's demo content (seed.ts): countries and cities, social links, the
 * about and terms pages, banners, intro pages, FAQ and cancel reasons.
 */
import type { CancelReasonUse } from '@pool/contracts';
import type { Db } from './client.ts';
import * as f from './factories.ts';
import * as t from './schema/index.ts';

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

/** The customer's reasons for cancelling, then the dashboard's for refusing or cancelling. */
const CANCEL_REASONS: [string, string, CancelReasonUse][] = [
  ['طلبت بالخطأ', 'I ordered by mistake', 'customer'],
  ['وجدت سعراً أفضل', 'I found a better price', 'customer'],
  ['تأخر موعد التنفيذ', 'The service date is too late', 'customer'],
  ['أريد تعديل الطلب', 'I want to change the order', 'customer'],
  ['سبب آخر', 'Another reason', 'customer'],
  ['نفدت الكمية', 'Out of stock', 'admin'],
  ['العنوان خارج منطقة الخدمة', 'The address is outside our service area', 'admin'],
  ['تعذر التواصل مع العميل', 'We could not reach the customer', 'admin'],
  ['طلب العميل الإلغاء', 'The customer asked to cancel', 'admin'],
];

/** Writes the content, inside the seed's transaction. */
export async function seedContent(tx: Db) {
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
  for (const [page, sections] of [
    ['about', about],
    ['terms', terms],
  ] as const) {
    for (const [i, [titleAr, titleEn, contentAr, contentEn]] of sections.entries()) {
      await f.makePageSection(tx, {
        page,
        titleAr: titleAr!,
        titleEn: titleEn!,
        contentAr: contentAr!,
        contentEn: contentEn!,
        sort: i,
      });
    }
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
  for (const [titleAr, titleEn, use] of CANCEL_REASONS)
    await tx.insert(t.cancelReasons).values({ titleAr, titleEn, use });
}
