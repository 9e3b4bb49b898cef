import { cleanupIdempotencyRecordsJob } from './cleanup-idempotency-records.job';
import type { AnyJobFactory } from './job-definition';
import { transmitDocumentJob } from './transmit-document.job';
import { reconcileDocumentsJob } from './reconcile-documents.job';
import { recoverContingencyJob } from './recover-contingency.job';
import { sendInvalidationJob } from './send-invalidation.job';
import { dispatchOutboxEventsJob } from './dispatch-outbox-events.job';
import { deliverWebhookJob } from './deliver-webhook.job';
import { sweepWebhookDeliveriesJob } from './sweep-webhook-deliveries.job';
import { deliverDocumentEmailJob } from './deliver-document-email.job';
import { sweepDocumentEmailsJob } from './sweep-document-emails.job';
import { deliverAccountEmailJob } from './deliver-account-email.job';
import { sweepAccountEmailsJob } from './sweep-account-emails.job';
import { generateFiscalReportJob } from './generate-fiscal-report.job';
import { generatePeriodArchiveJob } from './generate-period-archive.job';
import { closeFiscalPeriodJob } from './close-fiscal-period.job';
import { sweepFiscalWorkJob } from './sweep-fiscal-work.job';
import { cleanupPanelSessionsJob } from './cleanup-panel-sessions.job';
import { notifyExpiringCredentialsJob } from './notify-expiring-credentials.job';
import { reconcileDteEventsJob } from './reconcile-dte-events.job';
import { runRecurringDocumentsJob } from './run-recurring-documents.job';

/** Every job the workers run; later use cases add theirs here. */
export const JOBS: readonly AnyJobFactory[] = [cleanupIdempotencyRecordsJob, transmitDocumentJob, reconcileDocumentsJob, recoverContingencyJob, sendInvalidationJob, dispatchOutboxEventsJob, deliverWebhookJob, sweepWebhookDeliveriesJob, deliverDocumentEmailJob, sweepDocumentEmailsJob, deliverAccountEmailJob, sweepAccountEmailsJob, generateFiscalReportJob, generatePeriodArchiveJob, closeFiscalPeriodJob, sweepFiscalWorkJob, cleanupPanelSessionsJob, reconcileDteEventsJob, notifyExpiringCredentialsJob, runRecurringDocumentsJob];
