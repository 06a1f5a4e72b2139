/**
 * Areas only the API speaks (answers' `msg`, notification texts, the audit log's
 * subjects): the server's catalogue has them, the browser never needs them.
 */
import arAudit from './ar/audit.ts';
import arErrors from './ar/errors.ts';
import arEvents from './ar/events.ts';
import arPayments from './ar/payments.ts';
import arPeople from './ar/people.ts';
import arServer from './ar/server.ts';
import enAudit from './en/audit.ts';
import enErrors from './en/errors.ts';
import enEvents from './en/events.ts';
import enPayments from './en/payments.ts';
import enPeople from './en/people.ts';
import enServer from './en/server.ts';

export const apiAr = {
  audit: arAudit,
  errors: arErrors,
  events: arEvents,
  payments: arPayments,
  people: arPeople,
  server: arServer,
};
export const apiEn = {
  audit: enAudit,
  errors: enErrors,
  events: enEvents,
  payments: enPayments,
  people: enPeople,
  server: enServer,
};
