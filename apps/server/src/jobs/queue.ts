/**
 * The app's job queue, decorated as `app.jobs`: pg-boss on the app's own
 * database connections. Built with the app but idle until `start()` (the
 * server process calls it; in-process tests run jobs by hand), so a request
 * before it is a no-op that the job's cron makes up for.
 */
import { COMPANY_TIME_ZONE } from '@pool/contracts';
import { createJobQueue, jobsConnection } from '@pool/db';
import type { App, JobRequest, Jobs } from '../app-type.ts';
import { runInLogScope } from '../lib/log-context.ts';
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
        // `stately`: at most one queued and one running job per queue, so requests while one
        // waits add nothing and two processes never run the same sweep at once.
        await boss.createQueue(name, { policy: 'stately', retryLimit: 0, expireInSeconds: 15 * 60 });
        if (job.cron) await boss.schedule(name, job.cron, null, { tz: COMPANY_TIME_ZONE });
        const pollingIntervalSeconds = job.pollSeconds?.(app.config);
        // What the job logs with `app.log` carries the queue's name and the job's id (lib/log-context.ts).
        const run = async (request: { id: string; data: unknown } | undefined) => {
          try {
            await job.run(app, request?.data ?? null);
          } catch (err) {
            app.log.warn({ err }, 'job failed; its next run tries again');
            throw err;
          }
        };
        await boss.work(name, pollingIntervalSeconds ? { pollingIntervalSeconds } : {}, ([request]) =>
          runInLogScope({ job: name, jobId: request?.id ?? '' }, () => run(request)),
        );
      }
    },
    async send(name: JobName | string, request: JobRequest = {}) {
      if (!boss) return;
      const options = {
        db: jobsConnection(request.db ?? app.db),
        ...(request.at ? { startAfter: request.at } : {}),
        ...(request.key ? { singletonKey: request.key } : {}),
      };
      await boss
        .send(name, request.data ?? null, options)
        .catch((err: unknown) => app.log.warn({ err, job: name }, 'job request failed'));
    },
    async stop(timeoutMs = 10_000) {
      const running = boss;
      boss = undefined;
      // Our pool stays open: the app closes it after. A job still running past the timeout is failed
      // (released: its next run, by cron or request, does the work).
      await running?.stop({ graceful: true, close: false, timeout: timeoutMs });
    },
  };
}
