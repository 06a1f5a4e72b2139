/** تنبيهات الصفحة الفورية وإرسال الإشعارات من لوحة التحكم. */
export default {
  alerts_region: 'إشعارات جديدة',
  close_alert: 'إغلاق الإشعار: {{title}}',
  sent_count_zero: 'لم يُرسل الإشعار إلى أي مستخدم',
  sent_count_one: 'تم إرسال الإشعار إلى مستخدم واحد',
  sent_count_two: 'تم إرسال الإشعار إلى مستخدمَين',
  sent_count_few: 'تم إرسال الإشعار إلى {{count}} مستخدمين',
  sent_count_many: 'تم إرسال الإشعار إلى {{count}} مستخدمًا',
  sent_count_other: 'تم إرسال الإشعار إلى {{count}} مستخدم',
  sent_admins_count_zero: 'لا يوجد مشرفون آخرون يتلقون الإشعارات',
  sent_admins_count_one: 'تم إرسال الإشعار إلى مشرف واحد',
  sent_admins_count_two: 'تم إرسال الإشعار إلى مشرفَين',
  sent_admins_count_few: 'تم إرسال الإشعار إلى {{count}} مشرفين',
  sent_admins_count_many: 'تم إرسال الإشعار إلى {{count}} مشرفًا',
  sent_admins_count_other: 'تم إرسال الإشعار إلى {{count}} مشرف',
  no_recipients: 'لا يوجد مستخدمون مطابقون لهذا الاختيار',
  stream_not_accepted: 'هذا العنوان يبث أحداثًا من الخادم (Accept: text/event-stream)',
};
