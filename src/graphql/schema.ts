import 'reflect-metadata';
import { GraphQLISODateTime } from 'type-graphql';
import { buildSchemaSync } from 'type-graphql';
import type { GraphQLSchema } from 'graphql';
import { authChecker } from './common/auth-checker';
import { createLocalPubSub } from './common/local-pub-sub';
import { CatalogResolver } from './catalog/catalog.resolver';
import { EmitterResolver } from './emitter/emitter.resolver';
import { EstablishmentResolver } from './emitter/establishment.resolver';
import { DirectoryResolver } from './directory/directory.resolver';
import { DirectoryImportResolver } from './directory/directory-import.resolver';
import { SystemResolver } from './system/system.resolver';
import { BillingResolver } from './account/billing.resolver';
import { ApiKeyResolver } from './account/api-key.resolver';
import { EmbedOriginsResolver } from './account/embed-origins.resolver';
import { UserResolver } from './account/user.resolver';
import { AccountSecurityResolver } from './account/account-security.resolver';
import { AuditResolver } from './account/audit.resolver';
import { DocumentResolver } from './document/document.resolver';
import { DocumentLinesResolver } from './document/document-lines.resolver';
import { EmitterLogoResolver } from './emitter/emitter-logo.resolver';
import { DocumentPdfUrlResolver } from './document/document-pdf-url.resolver';
import { InvalidationWindowResolver } from './document/invalidation-window.resolver';
import { CredentialResolver } from './credential/credential.resolver';
import { ContingencyResolver } from './contingency/contingency.resolver';
import { WebhookEndpointResolver } from './webhook/webhook-endpoint.resolver';
import { WebhookDeliveryResolver } from './webhook/webhook-delivery.resolver';
import { FiscalRecordResolver } from './fiscal/fiscal-record.resolver';
import { FiscalReportResolver } from './fiscal-report/fiscal-report.resolver';
import { DocumentAggregateResolver } from './fiscal-analytics/document-aggregate.resolver';
import { FiscalRecordAggregateResolver } from './fiscal-analytics/fiscal-record-aggregate.resolver';
import { DteEventResolver } from './events/dte-event.resolver';
import { RecurringDocumentResolver } from './recurring/recurring-document.resolver';
import { PeriodArchiveResolver } from './archive/period-archive.resolver';
import { DocumentBatchResolver } from './document/document-batch.resolver';

export const RESOLVERS = [SystemResolver, BillingResolver, ApiKeyResolver, EmbedOriginsResolver, UserResolver, AccountSecurityResolver, AuditResolver, CatalogResolver, EmitterResolver, EmitterLogoResolver, EstablishmentResolver, CredentialResolver, DocumentResolver, DocumentLinesResolver, DocumentPdfUrlResolver, InvalidationWindowResolver, ContingencyResolver, WebhookEndpointResolver, WebhookDeliveryResolver, FiscalRecordResolver, FiscalReportResolver, DocumentAggregateResolver, FiscalRecordAggregateResolver, DteEventResolver, DirectoryResolver, DirectoryImportResolver, DocumentBatchResolver, RecurringDocumentResolver, PeriodArchiveResolver] as const;

let cached: GraphQLSchema | null = null;

/** The one executable schema: served at /graphql and executed in-process by the REST adapter. */
export function buildGraphQLSchema(): GraphQLSchema {
  cached ??= buildSchemaSync({
    resolvers: [...RESOLVERS],
    authChecker,
    authMode: 'error',
    scalarsMap: [{ type: Date, scalar: GraphQLISODateTime }],
    validate: false,
    pubSub: createLocalPubSub(),
  });
  return cached;
}
