import { AccountEntity } from './account.entity';
import { AddressEmbeddable } from './address.embeddable';
import { ApiKeyEntity } from './api-key.entity';
import { EmitterEntity } from './emitter.entity';
import { EstablishmentEntity } from './establishment.entity';
import { IdempotencyRecordEntity } from './idempotency-record.entity';
import { PointOfSaleEntity } from './point-of-sale.entity';
import { ServiceSettingEntity } from './service-setting.entity';
import { EmitterCredentialEntity } from './emitter-credential.entity';
import { DocumentEntity } from './document.entity';
import { DocumentEventEntity } from './document-event.entity';
import { ControlNumberCounterEntity } from './control-number-counter.entity';
import { OutboxEventEntity } from './outbox-event.entity';
import { ContingencyEpisodeEntity } from './contingency-episode.entity';
import { DocumentInvalidationEntity } from './document-invalidation.entity';
import { WebhookEndpointEntity } from './webhook-endpoint.entity';
import { WebhookDeliveryEntity } from './webhook-delivery.entity';
import { WebhookAttemptEntity } from './webhook-attempt.entity';
import { DocumentEmailEntity } from './document-email.entity';
import { FiscalReportEntity } from './fiscal-report.entity';
import { FiscalReportRowEntity } from './fiscal-report-row.entity';
import { FiscalReportFileEntity } from './fiscal-report-file.entity';
import { FiscalPeriodSnapshotEntity } from './fiscal-period-snapshot.entity';
import { EmbedSessionEntity } from './embed-session.entity';
import { FiscalRecordEntity } from './fiscal-record.entity';
import { FiscalPeriodEntity } from './fiscal-period.entity';
import { ProcessLeaseEntity } from './process-lease.entity';
import { RateLimitPointEntity } from './rate-limit-point.entity';
import { UserEntity } from './user.entity';
import { PanelSessionEntity } from './panel-session.entity';
import { LoginFailureEntity } from './login-failure.entity';
import { DteEventEntity } from './dte-event.entity';
import { AuditEntryEntity } from './audit-entry.entity';
import { UserTokenEntity } from './user-token.entity';
import { UserRecoveryCodeEntity } from './user-recovery-code.entity';
import { PasswordResetRequestEntity } from './password-reset-request.entity';
import { CertificationRunEntity } from './certification-run.entity';
import { CertificationItemEntity } from './certification-item.entity';
import { CredentialExpiryNoticeEntity } from './credential-expiry-notice.entity';
import { AccountEmailEntity } from './account-email.entity';
import { EmitterLogoEntity } from './emitter-logo.entity';
import { CustomerEntity } from './customer.entity';
import { ProductEntity } from './product.entity';
import { CustomerEditLinkEntity } from './customer-edit-link.entity';
import { RecurringDocumentEntity } from './recurring-document.entity';
import { RecurringOccurrenceEntity } from './recurring-occurrence.entity';
import { PeriodArchiveChunkEntity, PeriodArchiveEntity } from './period-archive.entity';

export { AccountEntity, AddressEmbeddable, ApiKeyEntity, EmitterEntity, EstablishmentEntity, IdempotencyRecordEntity, PointOfSaleEntity, ServiceSettingEntity, EmitterCredentialEntity, DocumentEntity, DocumentEventEntity, ControlNumberCounterEntity, OutboxEventEntity, ContingencyEpisodeEntity, DocumentInvalidationEntity, WebhookEndpointEntity, WebhookDeliveryEntity, WebhookAttemptEntity, DocumentEmailEntity, FiscalRecordEntity, FiscalPeriodEntity, FiscalReportEntity, FiscalReportRowEntity, FiscalReportFileEntity, FiscalPeriodSnapshotEntity, EmbedSessionEntity, ProcessLeaseEntity, RateLimitPointEntity, UserEntity, PanelSessionEntity, LoginFailureEntity, DteEventEntity, AuditEntryEntity, UserTokenEntity, PasswordResetRequestEntity, CertificationRunEntity, CertificationItemEntity, CredentialExpiryNoticeEntity, AccountEmailEntity, UserRecoveryCodeEntity, EmitterLogoEntity, CustomerEntity, ProductEntity, RecurringDocumentEntity, RecurringOccurrenceEntity, CustomerEditLinkEntity, PeriodArchiveEntity, PeriodArchiveChunkEntity };

/** Every entity MikroORM knows; add new ones here. */
export const ENTITIES = [
  AccountEntity,
  AddressEmbeddable,
  ApiKeyEntity,
  EmitterEntity,
  EstablishmentEntity,
  PointOfSaleEntity,
  IdempotencyRecordEntity,
  ServiceSettingEntity,
  EmitterCredentialEntity,
  DocumentEntity,
  DocumentEventEntity,
  ControlNumberCounterEntity,
  OutboxEventEntity,
  ContingencyEpisodeEntity,
  DocumentInvalidationEntity,
  WebhookEndpointEntity,
  WebhookDeliveryEntity,
  WebhookAttemptEntity,
  DocumentEmailEntity,
  FiscalRecordEntity,
  FiscalPeriodEntity,
  FiscalReportEntity,
  FiscalReportRowEntity,
  FiscalReportFileEntity,
  FiscalPeriodSnapshotEntity,
  EmbedSessionEntity,
  ProcessLeaseEntity,
  RateLimitPointEntity,
  UserEntity,
  PanelSessionEntity,
  LoginFailureEntity,
  DteEventEntity,
  AuditEntryEntity,
  UserTokenEntity,
  UserRecoveryCodeEntity,
  PasswordResetRequestEntity,
  CertificationRunEntity,
  CertificationItemEntity,
  CredentialExpiryNoticeEntity,
  AccountEmailEntity,
  EmitterLogoEntity,
  CustomerEntity,
  ProductEntity,
  RecurringDocumentEntity,
  RecurringOccurrenceEntity,
  CustomerEditLinkEntity,
  PeriodArchiveEntity,
  PeriodArchiveChunkEntity,
];
