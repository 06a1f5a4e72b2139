/**
 * The app's job queue, decorated as `app.jobs`: pg-boss on the app's own
 * database connections. Built with the app but idle until `start()` (the
 * server process calls it; in-process tests run jobs by hand), so a kick
 * before it is a no-op that the cron makes up for.
 */
import { createJobQueue } from '@pool/db';
import type { App, Jobs } from '../app-type.ts';
import { JOBS, type JobDefinition, type JobName } from './index.ts';

export function createJobs(app: App, definitions: Record<string, JobDefinition> = JOBS): Jobs {
  let boss: ReturnType<typeof createJobQueue> | undefined;
  return {
    async start() {
      if (boss) return;
      boss = createJobQueue(app.database, { work: true });
      boss.on('error', (err) => app.log.warn({ err }, 'job queue: an error (it goes on)'));
      await boss.start();
      for (const [name, job] of Object.entries(definitions)) {
        // `stately`: at most one queued and one running job per queue, so kicks while one
        // waits add nothing and two processes never run the same sweep at once.
        await boss.createQueue(name, { policy: 'stately', retryLimit: 0, expireInSeconds: 15 * 60 });
        await boss.schedule(name, job.cron, null, { tz: 'Asia/Riyadh' });
        const pollingIntervalSeconds = job.pollSeconds?.(app.config);
        await boss.work(name, pollingIntervalSeconds ? { pollingIntervalSeconds } : {}, async () => {
          try {
            await job.run(app);
          } catch (err) {
            app.log.warn({ err, job: name }, 'job failed; its next run tries again');
            throw err;
          }
        });
      }
    },
    async kick(name: JobName | string) {
      await boss?.send(name, null).catch((err: unknown) => app.log.warn({ err, job: name }, 'job kick failed'));
    },
    async stop() {
      const running = boss;
      boss = undefined;
      // Our pool stays open: the app closes it after.
      await running?.stop({ graceful: true, close: false, timeout: 10_000 });
    },
  };
}
