export default {
  quick_links: 'روابط سريعة',
  contact: 'تواصل معنا',
  location: 'الموقع',
  phone: 'الهاتف',
  email: 'البريد الإلكتروني',
  tax_number: 'الرقم الضريبي',
  commercial_record: 'السجل التجاري',
  download_apps: 'حمّل التطبيق',
  app_store: 'حمّل من App Store',
  google_play: 'احصل عليه من Google Play',
  opens_new_tab: '(يفتح في نافذة جديدة)',
  rights: 'جميع الحقوق محفوظة © {{year}} {{name}}',
};
