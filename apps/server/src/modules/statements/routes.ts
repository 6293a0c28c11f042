import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { NO_COMPANY_EMAIL_MESSAGE, accessibilityFeedbackBody, privacyNoticeResponse } from '@huolto/domain';
import type { Db } from '#src/db/database.ts';
import { callSchema } from '#src/openapi/route-schema.ts';
import type { RouteLimits } from '#src/plugins/rate-limit.ts';
import type { Mailer } from '../mail/index.ts';
import { privacyNotice, sendAccessibilityFeedback, type NoticeConfig } from './service.ts';

const tag = 'Session and settings';

/** How long a browser or proxy may keep the privacy notice's facts (seconds). */
const NOTICE_MAX_AGE = 300;

/**
 * The privacy notice's facts and the accessibility statement's feedback form: no booking
 * session. The feedback is counted per client address (`feedbackLimits`); XSRF applies as to
 * every POST.
 */
export function registerStatementRoutes(
  app: FastifyInstance,
  db: Db,
  deps: { mailer: Mailer; config: NoticeConfig; feedbackLimits: RouteLimits },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/privacy-notice',
    {
      config: { session: false },
      schema: callSchema({
        tag,
        summary: "The privacy notice's facts: the controller, the retention periods and the recipients as configured.",
        description: `The cookies and stored values are the domain's SITE_COOKIES and SITE_STORAGE. Cached for ${NOTICE_MAX_AGE} s.`,
        responseSchema: privacyNoticeResponse,
      }),
    },
    async (_request, reply) => {
      reply.header('cache-control', `public, max-age=${NOTICE_MAX_AGE}`);
      return privacyNotice(db, deps.config);
    },
  );

  r.post(
    '/accessibility-feedback',
    {
      config: { session: false, ...deps.feedbackLimits },
      schema: callSchema({
        tag,
        summary: "Feedback on the site's accessibility: one e-mail to the company's e-mail address.",
        description:
          'Answers 202 {} once the e-mail is queued (kind ACCESSIBILITY_FEEDBACK). ' +
          `409 NO_COMPANY_EMAIL "${NO_COMPANY_EMAIL_MESSAGE}" when the company has no e-mail address; nothing is queued.`,
        body: accessibilityFeedbackBody,
        response: 'Not used: the answer is 202 {}.',
      }),
    },
    async (request, reply) => {
      await sendAccessibilityFeedback(db, request.body);
      // Queued in the database; sent after the commit, with retries if it fails now.
      void deps.mailer.kick();
      return reply.status(202).send({});
    },
  );
}
