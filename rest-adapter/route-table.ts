import type { RestRoute } from './route';
import { authRoutes } from './routes/auth.routes';
import { authSessionListRoutes } from './routes/auth-session-list.routes';
import { secondFactorRoutes } from './routes/second-factor.routes';
import { apiKeyRoutes } from './routes/api-key.routes';
import { embedOriginsRoutes } from './routes/embed-origins.routes';
import { userRoutes } from './routes/user.routes';
import { auditRoutes } from './routes/audit.routes';
import { billingRoutes } from './routes/billing.routes';
import { catalogRoutes } from './routes/catalog.routes';
import { emitterRoutes } from './routes/emitter.routes';
import { establishmentRoutes } from './routes/establishment.routes';
import { credentialRoutes } from './routes/credential.routes';
import { emitterLogoRoutes } from './routes/emitter-logo.routes';
import { documentRoutes } from './routes/document.routes';
import { documentBatchRoutes } from './routes/document-batch.routes';
import { webhookRoutes } from './routes/webhook.routes';
import { documentFiscalRoutes, fiscalRecordRoutes } from './routes/fiscal-record.routes';
import { fiscalReportRoutes } from './routes/fiscal-report.routes';
import { dteEventRoutes } from './routes/dte-event.routes';
import { recurringDocumentRoutes } from './routes/recurring-document.routes';
import { directoryRoutes } from './routes/directory.routes';
import { directoryImportRoutes } from './routes/directory-import.routes';
import { periodArchiveRoutes } from './routes/period-archive.routes';

/** Every REST /v1 route. A contract test checks them against the interface spec. Fiscal record routes go last: `/fiscal/:resource` also matches fixed fiscal paths. */
export const ROUTES: readonly RestRoute[] = [...authRoutes, ...authSessionListRoutes, ...secondFactorRoutes, ...billingRoutes, ...apiKeyRoutes, ...embedOriginsRoutes, ...userRoutes, ...auditRoutes, ...catalogRoutes, ...emitterRoutes, ...emitterLogoRoutes, ...establishmentRoutes, ...directoryImportRoutes, ...directoryRoutes, ...credentialRoutes, ...documentRoutes, ...documentBatchRoutes, ...dteEventRoutes, ...webhookRoutes, ...documentFiscalRoutes, ...recurringDocumentRoutes, ...fiscalReportRoutes, ...periodArchiveRoutes, ...fiscalRecordRoutes];
