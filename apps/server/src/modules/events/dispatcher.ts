/**
 * The app's event dispatcher, decorated as `app.events` when the app is built
 * with the subscribers of the domain events, in the order they run.
 */
import type { App, Events } from '../../app-type.ts';
import { deliverEvents, type Subscriber } from './outbox.ts';

export function createEvents(app: App, subscribers: readonly Subscriber[]): Events {
  return {
    deliver: () =>
      deliverEvents(app, subscribers).catch((err: unknown) => {
        app.log.error({ err }, 'outbox: delivery failed; the sweep will try again');
        return 0;
      }),
  };
}
