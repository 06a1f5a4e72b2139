/** Browser push notifications: the settings control and the API messages. */
export default {
  title: 'إشعارات المتصفح',
  hint: 'تصلك تحديثات طلباتك وعروضنا حتى عندما يكون الموقع مغلقاً.',
  enable: 'تفعيل الإشعارات',
  enabled: 'الإشعارات مفعلة في هذا المتصفح.',
  blocked: 'الإشعارات محظورة في هذا المتصفح. يمكنك السماح بها من إعدادات الموقع في المتصفح.',
  subscribed: 'تم تفعيل الإشعارات',
  unsubscribed: 'تم إيقاف الإشعارات',
  endpoint_insecure: 'عنوان الإشعارات يجب أن يكون لخدمة إشعارات متصفح معروفة عبر https',
};
