import { AuthenticateApiKeyService } from './accounts/authenticate-api-key.service';
import { ApiKeyCache } from './accounts/api-key-cache';
import { CreateAccountService } from './accounts/create-account.service';
import { CreateApiKeyService } from './accounts/create-api-key.service';
import { ListApiKeysService } from './accounts/list-api-keys.service';
import { RevokeApiKeyService } from './accounts/revoke-api-key.service';
import { GetCatalogService } from './catalogs/get-catalog.service';
import { GetUsageService } from './billing/get-usage.service';
import { ListPlansService } from './billing/list-plans.service';
import { SetAccountPlanService } from './billing/set-account-plan.service';
import { CreateAccountApiKeyService } from './accounts/create-account-api-key.service';
import { ListAccountApiKeysService } from './accounts/list-account-api-keys.service';
import { RevokeAccountApiKeyService } from './accounts/revoke-account-api-key.service';
import { ListAccountUsersService } from './identity/list-account-users.service';
import { InviteUserService } from './identity/invite-user.service';
import { UpdateUserService } from './identity/update-user.service';
import { ResendInvitationService } from './identity/resend-invitation.service';
import { RevokeInvitationService } from './identity/revoke-invitation.service';
import { RemoveUserService } from './identity/remove-user.service';
import { RequestPasswordResetService } from './identity/request-password-reset.service';
import { ConfirmPasswordResetService } from './identity/confirm-password-reset.service';
import { AcceptInvitationService } from './identity/accept-invitation.service';
import { ListAuditLogService } from './audit/list-audit-log.service';
import { AuthenticateSessionService } from './identity/authenticate-session.service';
import { CleanupPanelSessionsService } from './identity/cleanup-panel-sessions.service';
import { CreateUserService } from './identity/create-user.service';
import { ListUsersService } from './identity/list-users.service';
import { LogInService } from './identity/log-in.service';
import { ChangeOwnPasswordService } from './identity/change-own-password.service';
import { ListOwnSessionsService } from './identity/list-own-sessions.service';
import { EndOwnSessionsService } from './identity/end-own-sessions.service';
import { GetSecondFactorService } from './identity/get-second-factor.service';
import { BeginSecondFactorEnrolmentService } from './identity/begin-second-factor-enrolment.service';
import { ConfirmSecondFactorEnrolmentService } from './identity/confirm-second-factor-enrolment.service';
import { DisableSecondFactorService } from './identity/disable-second-factor.service';
import { VerifyLoginSecondFactorService } from './identity/verify-login-second-factor.service';
import { SetSecondFactorPolicyService } from './identity/set-second-factor-policy.service';
import { LivePanelSessionsService } from './identity/live-panel-sessions.service';
import { LogOutService } from './identity/log-out.service';
import { SetUserPasswordService } from './identity/set-user-password.service';
import { SwitchSessionEnvironmentService } from './identity/switch-session-environment.service';
import { ListCatalogsService } from './catalogs/list-catalogs.service';
import { CreateEmitterService } from './emitters/create-emitter.service';
import { CreateCustomerService } from './directory/create-customer.service';
import { CreateCustomerEditLinkService } from './directory/create-customer-edit-link.service';
import { OpenCustomerEditLinkService } from './directory/open-customer-edit-link.service';
import { CompleteCustomerEditLinkService } from './directory/complete-customer-edit-link.service';
import { ImportCustomersService } from './directory/import-customers.service';
import { ImportProductsService } from './directory/import-products.service';
import { ExportDirectoryService } from './directory/export-directory.service';
import { GetDirectoryCsvTemplateService } from './directory/get-directory-csv-template.service';
import { ImportDirectoryCsvService } from './directory/import-directory-csv.service';
import { GetCustomerService } from './directory/get-customer.service';
import { UpdateCustomerService } from './directory/update-customer.service';
import { DeleteCustomerService } from './directory/delete-customer.service';
import { ListCustomersService } from './directory/list-customers.service';
import { CreateProductService } from './directory/create-product.service';
import { GetProductService } from './directory/get-product.service';
import { UpdateProductService } from './directory/update-product.service';
import { DeleteProductService } from './directory/delete-product.service';
import { ListProductsService } from './directory/list-products.service';
import { CreateEstablishmentService } from './emitters/create-establishment.service';
import { GetEmitterService } from './emitters/get-emitter.service';
import { GetEstablishmentService } from './emitters/get-establishment.service';
import { ListEmittersService } from './emitters/list-emitters.service';
import { ListEstablishmentsService } from './emitters/list-establishments.service';
import { ListEstablishmentsByEmitterService } from './emitters/list-establishments-by-emitter.service';
import { UpdateEmitterService } from './emitters/update-emitter.service';
import { UpdateEstablishmentService } from './emitters/update-establishment.service';
import { CheckReadinessService } from './health/check-readiness.service';
import { MhReachability } from './health/mh-reachability';
import { ReadOperationsSnapshotService } from './health/read-operations-snapshot.service';
import { CheckHealthService } from './health/check-health.service';
import { RotateMasterKeyService } from './secrets/rotate-master-key.service';
import { BeginIdempotentRequestService } from './idempotency/begin-idempotent-request.service';
import { CleanupIdempotencyRecordsService } from './idempotency/cleanup-idempotency-records.service';
import { CompleteIdempotentRequestService } from './idempotency/complete-idempotent-request.service';
import { RunIdempotentRequestService } from './idempotency/run-idempotent-request.service';
import { RunningRequests } from './idempotency/running-requests';
import { RenewRunningRequestsService } from './idempotency/renew-running-requests.service';
import type { ServiceDeps } from './shared/service-deps';
import { UploadCredentialsService } from './credentials/upload-credentials.service';
import { TestCredentialsService } from './credentials/test-credentials.service';
import { ListCredentialsByEmitterService } from './credentials/list-credentials-by-emitter.service';
import { IssueDocumentService } from './documents/issue-document.service';
import { IssueDocumentBatchService } from './bulk-issuance/issue-document-batch.service';
import { PreviewDocumentCsvService } from './bulk-issuance/preview-document-csv.service';
import { GetDocumentCsvTemplateService } from './bulk-issuance/get-document-csv-template.service';
import { UploadEmitterLogoService } from './emitters/upload-emitter-logo.service';
import { DeleteEmitterLogoService } from './emitters/delete-emitter-logo.service';
import { GetEmitterLogoService } from './emitters/get-emitter-logo.service';
import { GetDocumentService } from './documents/get-document.service';
import { ListDocumentLinesService } from './documents/list-document-lines.service';
import { GetDocumentJsonService } from './documents/get-document-json.service';
import { TransmitDocumentService } from './documents/transmit-document.service';
import { TransmitDueDocumentsService } from './documents/transmit-due-documents.service';
import { ReconcileDocumentsService } from './documents/reconcile-documents.service';
import { NotifyContingencyFailuresService } from './contingency/notify-contingency-failures.service';
import { RecoverContingencyService } from './contingency/recover-contingency.service';
import { RetryDocumentService } from './documents/retry-document.service';
import { OpenContingencyService } from './contingency/open-contingency.service';
import { InvalidateDocumentService } from './invalidation/invalidate-document.service';
import { GetInvalidationWindowService } from './invalidation/get-invalidation-window.service';
import { SendInvalidationService } from './invalidation/send-invalidation.service';
import { ListDocumentsService } from './documents/list-documents.service';
import { ExportDocumentsService } from './documents/export-documents.service';
import { ListContingenciesService } from './contingency/list-contingencies.service';
import { DeclareContingencyService } from './contingency/declare-contingency.service';
import { EndDeclaredContingencyService } from './contingency/end-declared-contingency.service';
import { CertificationRunsService } from './certification/certification-runs.service';
import { CreateWebhookEndpointService } from './webhooks/create-webhook-endpoint.service';
import { UpdateWebhookEndpointService } from './webhooks/update-webhook-endpoint.service';
import { DeleteWebhookEndpointService } from './webhooks/delete-webhook-endpoint.service';
import { GetWebhookEndpointService } from './webhooks/get-webhook-endpoint.service';
import { ListWebhookEndpointsService } from './webhooks/list-webhook-endpoints.service';
import { RollWebhookEndpointSecretService } from './webhooks/roll-webhook-endpoint-secret.service';
import { TestWebhookEndpointService } from './webhooks/test-webhook-endpoint.service';
import { DispatchOutboxEventsService } from './webhooks/dispatch-outbox-events.service';
import { DeliverWebhookService } from './webhooks/deliver-webhook.service';
import { SweepWebhookDeliveriesService } from './webhooks/sweep-webhook-deliveries.service';
import { ListWebhookDeliveriesService } from './webhooks/list-webhook-deliveries.service';
import { GetWebhookDeliveryService } from './webhooks/get-webhook-delivery.service';
import { ListWebhookAttemptsService } from './webhooks/list-webhook-attempts.service';
import { ReplayWebhookDeliveryService } from './webhooks/replay-webhook-delivery.service';
import { DocumentPdfRenderer, documentLogoFetcher } from './documents/document-pdf';
import { GetDocumentPdfService } from './documents/get-document-pdf.service';
import { GeneratePeriodArchiveService } from './archive/generate-period-archive.service';
import { GetPeriodArchiveService } from './archive/get-period-archive.service';
import { ListPeriodArchivesService } from './archive/list-period-archives.service';
import { PeriodArchiveFilesService } from './archive/period-archive-files.service';
import { RequestPeriodArchiveService } from './archive/request-period-archive.service';
import { SendDocumentEmailService } from './document-email/send-document-email.service';
import { DeliverDocumentEmailService } from './document-email/deliver-document-email.service';
import { DeliverAccountEmailService } from './identity/deliver-account-email.service';
import { DeleteFiscalRecordService } from './fiscal/delete-fiscal-record.service';
import { ListFiscalRecordsService } from './fiscal/list-fiscal-records.service';
import { PutFiscalRecordService } from './fiscal/put-fiscal-record.service';
import { PutFiscalRecordsService } from './fiscal/put-fiscal-records.service';
import { DocumentAggregatesService } from './fiscal/document-aggregates.service';
import { FiscalRecordAggregatesService } from './fiscal/fiscal-record-aggregates.service';
import { UpdateDocumentFiscalTagsService } from './fiscal/update-document-fiscal-tags.service';
import { ListFiscalReportTypesService, RequestFiscalReportService } from './fiscal/request-fiscal-report.service';
import { GetFiscalReportService, ListFiscalReportRowsService } from './fiscal/get-fiscal-report.service';
import { ListFiscalReportsService } from './fiscal/list-fiscal-reports.service';
import { FiscalReportFilesService } from './fiscal/fiscal-report-files.service';
import { SweepFiscalWorkService } from './fiscal/sweep-fiscal-work.service';
import { CloseFiscalPeriodService } from './fiscal/close-fiscal-period.service';
import { CompleteFiscalPeriodCloseService } from './fiscal/complete-fiscal-period-close.service';
import { ListFiscalPeriodsService } from './fiscal/list-fiscal-periods.service';
import { ReopenFiscalPeriodService } from './fiscal/reopen-fiscal-period.service';
import { AuthenticateEmbedViewService } from './embed/authenticate-embed-view.service';
import { NotifyExpiringCredentialsService } from './credentials/notify-expiring-credentials.service';
import { CreateEmbedSessionService } from './embed/create-embed-session.service';
import { EmbedFrameAncestorsService } from './embed/embed-frame-ancestors.service';
import { ExchangeEmbedTokenService } from './embed/exchange-embed-token.service';
import { SetEmbedOriginsService } from './embed/set-embed-origins.service';
import { GetEmbedOriginsService } from './embed/get-embed-origins.service';
import { GenerateFiscalReportService } from './fiscal/generate-fiscal-report.service';
import { PdfkitBookRenderer } from '../integrations/fiscal-pdf/book-pdf.renderer';
import { webhookSender } from './webhooks/webhook-sender';
import { EnsureDemoAccountService, type DemoKeySealer } from './accounts/ensure-demo-account.service';
import { EnsureDemoUserService } from './identity/ensure-demo-user.service';
import { RetirePrintedDemoSecretsService } from './identity/retire-printed-demo-secrets.service';
import { CreateDocumentReturnService } from './events/create-document-return.service';
import { CreateSpecialOperationService } from './events/create-special-operation.service';
import { ListDteEventsService } from './events/list-dte-events.service';
import { TransmitDteEventService } from './events/transmit-dte-event.service';
import { ReconcileDteEventsService } from './events/reconcile-dte-events.service';
import { InvalidateDteEventService } from './events/invalidate-dte-event.service';
import { SendDteEventInvalidationService } from './events/send-dte-event-invalidation.service';
import { CreateRecurringDocumentService } from './recurring/create-recurring-document.service';
import { GetRecurringDocumentService } from './recurring/get-recurring-document.service';
import { ListRecurringDocumentsService } from './recurring/list-recurring-documents.service';
import { PauseRecurringDocumentService } from './recurring/pause-recurring-document.service';
import { ResumeRecurringDocumentService } from './recurring/resume-recurring-document.service';
import { DeleteRecurringDocumentService } from './recurring/delete-recurring-document.service';
import { ListRecurringOccurrencesService } from './recurring/list-recurring-occurrences.service';
import { RunRecurringDocumentsService } from './recurring/run-recurring-documents.service';

/**
 * Every use case, one instance each, sharing the same dependencies. Use cases that call others, and
 * the collaborators they share (renderers, senders), are built here once: no service or module
 * builds another with `new`.
 */
export function createServices(deps: ServiceDeps) {
  const pdf = new DocumentPdfRenderer(deps, documentLogoFetcher(deps));
  const sender = webhookSender(deps);
  const generateFiscalReport = new GenerateFiscalReportService(deps, new PdfkitBookRenderer());
  // The demo key and password are kept sealed with the master key.
  const demoSealer: DemoKeySealer = { seal: (t) => deps.secrets.seal(t), open: (s) => deps.secrets.openText(s) };
  const transmitDocument = new TransmitDocumentService(deps, new OpenContingencyService(deps));
  const issueDocument = new IssueDocumentService(deps, transmitDocument);
  const sendInvalidation = new SendInvalidationService(deps);
  const createApiKey = new CreateApiKeyService(deps);
  const createUser = new CreateUserService(deps);
  const putFiscalRecords = new PutFiscalRecordsService(deps);
  const createAccount = new CreateAccountService(deps, createApiKey);
  const transmitDteEvent = new TransmitDteEventService(deps);
  const sendDteEventInvalidation = new SendDteEventInvalidationService(deps);
  const runningRequests = new RunningRequests();
  const beginIdempotentRequest = new BeginIdempotentRequestService(deps, runningRequests);
  const completeIdempotentRequest = new CompleteIdempotentRequestService(deps);
  const fiscalReportFiles = new FiscalReportFilesService(deps);
  const apiKeyCache = deps.apiKeyChanges ? new ApiKeyCache(deps.apiKeyChanges) : null;
  const runIdempotentRequest = new RunIdempotentRequestService(deps, beginIdempotentRequest, completeIdempotentRequest, runningRequests);
  return {
    deps,
    authenticateApiKey: new AuthenticateApiKeyService(deps, apiKeyCache),
    createAccount,
    createApiKey,
    listApiKeys: new ListApiKeysService(deps),
    revokeApiKey: new RevokeApiKeyService(deps, apiKeyCache),
    listAccountApiKeys: new ListAccountApiKeysService(deps),
    createAccountApiKey: new CreateAccountApiKeyService(deps, createApiKey),
    revokeAccountApiKey: new RevokeAccountApiKeyService(deps, apiKeyCache),
    createUser,
    ensureDemoAccount: new EnsureDemoAccountService(deps, demoSealer, createAccount, createApiKey),
    ensureDemoUser: new EnsureDemoUserService(deps, demoSealer, createUser),
    retirePrintedDemoSecrets: new RetirePrintedDemoSecretsService(deps, demoSealer),
    listAccountUsers: new ListAccountUsersService(deps),
    inviteUser: new InviteUserService(deps, createUser),
    updateUser: new UpdateUserService(deps),
    removeUser: new RemoveUserService(deps),
    resendInvitation: new ResendInvitationService(deps),
    revokeInvitation: new RevokeInvitationService(deps),
    requestPasswordReset: new RequestPasswordResetService(deps),
    confirmPasswordReset: new ConfirmPasswordResetService(deps),
    acceptInvitation: new AcceptInvitationService(deps),
    listAuditLog: new ListAuditLogService(deps),
    listUsers: new ListUsersService(deps),
    setUserPassword: new SetUserPasswordService(deps),
    logIn: new LogInService(deps),
    changeOwnPassword: new ChangeOwnPasswordService(deps),
    listOwnSessions: new ListOwnSessionsService(deps),
    endOwnSessions: new EndOwnSessionsService(deps),
    getSecondFactor: new GetSecondFactorService(deps),
    beginSecondFactorEnrolment: new BeginSecondFactorEnrolmentService(deps),
    confirmSecondFactorEnrolment: new ConfirmSecondFactorEnrolmentService(deps),
    disableSecondFactor: new DisableSecondFactorService(deps),
    verifyLoginSecondFactor: new VerifyLoginSecondFactorService(deps),
    setSecondFactorPolicy: new SetSecondFactorPolicyService(deps),
    authenticateSession: new AuthenticateSessionService(deps),
    livePanelSessions: new LivePanelSessionsService(deps),
    switchSessionEnvironment: new SwitchSessionEnvironmentService(deps),
    logOut: new LogOutService(deps),
    cleanupPanelSessions: new CleanupPanelSessionsService(deps),
    listPlans: new ListPlansService(deps),
    getUsage: new GetUsageService(deps),
    setAccountPlan: new SetAccountPlanService(deps),
    listCatalogs: new ListCatalogsService(),
    getCatalog: new GetCatalogService(),
    createEmitter: new CreateEmitterService(deps),
    updateEmitter: new UpdateEmitterService(deps),
    getEmitter: new GetEmitterService(deps),
    listEmitters: new ListEmittersService(deps),
    createEstablishment: new CreateEstablishmentService(deps),
    updateEstablishment: new UpdateEstablishmentService(deps),
    getEstablishment: new GetEstablishmentService(deps),
    listEstablishments: new ListEstablishmentsService(deps),
    listEstablishmentsByEmitter: new ListEstablishmentsByEmitterService(deps),
    checkHealth: new CheckHealthService(deps),
    rotateMasterKey: new RotateMasterKeyService(deps),
    checkReadiness: new CheckReadinessService(deps, deps.mhReachability ?? new MhReachability(deps.clock)),
    readOperationsSnapshot: new ReadOperationsSnapshotService(deps),
    beginIdempotentRequest,
    runningRequests,
    renewRunningRequests: new RenewRunningRequestsService(deps, runningRequests),
    completeIdempotentRequest,
    runIdempotentRequest,
    cleanupIdempotencyRecords: new CleanupIdempotencyRecordsService(deps),
    uploadCredentials: new UploadCredentialsService(deps),
    testCredentials: new TestCredentialsService(deps),
    listCredentialsByEmitter: new ListCredentialsByEmitterService(deps),
    issueDocument,
    issueDocumentBatch: new IssueDocumentBatchService(deps, issueDocument, runIdempotentRequest),
    previewDocumentCsv: new PreviewDocumentCsvService(issueDocument),
    getDocumentCsvTemplate: new GetDocumentCsvTemplateService(),
    getDocument: new GetDocumentService(deps),
    uploadEmitterLogo: new UploadEmitterLogoService(deps),
    deleteEmitterLogo: new DeleteEmitterLogoService(deps),
    getEmitterLogo: new GetEmitterLogoService(deps),
    listDocumentLines: new ListDocumentLinesService(deps),
    getDocumentJson: new GetDocumentJsonService(deps),
    getDocumentPdf: new GetDocumentPdfService(deps, pdf),
    sendDocumentEmail: new SendDocumentEmailService(deps),
    deliverDocumentEmail: new DeliverDocumentEmailService(deps, pdf),
    deliverAccountEmail: new DeliverAccountEmailService(deps),
    transmitDocument,
    transmitDueDocuments: new TransmitDueDocumentsService(deps, transmitDocument),
    reconcileDocuments: new ReconcileDocumentsService(deps, transmitDocument),
    recoverContingency: new RecoverContingencyService(deps),
    notifyContingencyFailures: new NotifyContingencyFailuresService(deps),
    retryDocument: new RetryDocumentService(deps, issueDocument, transmitDocument),
    invalidateDocument: new InvalidateDocumentService(deps, sendInvalidation),
    getInvalidationWindow: new GetInvalidationWindowService(deps),
    createDocumentReturn: new CreateDocumentReturnService(deps, transmitDteEvent),
    createSpecialOperation: new CreateSpecialOperationService(deps, transmitDteEvent),
    listDteEvents: new ListDteEventsService(deps),
    transmitDteEvent,
    reconcileDteEvents: new ReconcileDteEventsService(deps, transmitDteEvent, sendDteEventInvalidation),
    invalidateDteEvent: new InvalidateDteEventService(deps, sendDteEventInvalidation),
    sendInvalidation,
    listDocuments: new ListDocumentsService(deps),
    exportDocuments: new ExportDocumentsService(deps),
    listContingencies: new ListContingenciesService(deps),
    declareContingency: new DeclareContingencyService(deps),
    endDeclaredContingency: new EndDeclaredContingencyService(deps),
    certificationRuns: new CertificationRunsService(deps),
    createWebhookEndpoint: new CreateWebhookEndpointService(deps),
    updateWebhookEndpoint: new UpdateWebhookEndpointService(deps),
    deleteWebhookEndpoint: new DeleteWebhookEndpointService(deps),
    getWebhookEndpoint: new GetWebhookEndpointService(deps),
    listWebhookEndpoints: new ListWebhookEndpointsService(deps),
    rollWebhookEndpointSecret: new RollWebhookEndpointSecretService(deps),
    testWebhookEndpoint: new TestWebhookEndpointService(deps, sender),
    dispatchOutboxEvents: new DispatchOutboxEventsService(deps),
    deliverWebhook: new DeliverWebhookService(deps, sender),
    sweepWebhookDeliveries: new SweepWebhookDeliveriesService(deps),
    listWebhookDeliveries: new ListWebhookDeliveriesService(deps),
    getWebhookDelivery: new GetWebhookDeliveryService(deps),
    listWebhookAttempts: new ListWebhookAttemptsService(deps),
    replayWebhookDelivery: new ReplayWebhookDeliveryService(deps),
    putFiscalRecords,
    putFiscalRecord: new PutFiscalRecordService(putFiscalRecords),
    deleteFiscalRecord: new DeleteFiscalRecordService(deps),
    listFiscalRecords: new ListFiscalRecordsService(deps),
    documentAggregates: new DocumentAggregatesService(deps),
    fiscalRecordAggregates: new FiscalRecordAggregatesService(deps),
    updateDocumentFiscalTags: new UpdateDocumentFiscalTagsService(deps),
    listFiscalReportTypes: new ListFiscalReportTypesService(deps),
    requestFiscalReport: new RequestFiscalReportService(deps),
    generateFiscalReport,
    requestPeriodArchive: new RequestPeriodArchiveService(deps),
    getPeriodArchive: new GetPeriodArchiveService(deps),
    listPeriodArchives: new ListPeriodArchivesService(deps),
    generatePeriodArchive: new GeneratePeriodArchiveService(deps, pdf),
    periodArchiveFiles: new PeriodArchiveFilesService(deps),
    getFiscalReport: new GetFiscalReportService(deps),
    listFiscalReportRows: new ListFiscalReportRowsService(deps),
    listFiscalReports: new ListFiscalReportsService(deps),
    fiscalReportFiles,
    listFiscalPeriods: new ListFiscalPeriodsService(deps),
    closeFiscalPeriod: new CloseFiscalPeriodService(deps),
    completeFiscalPeriodClose: new CompleteFiscalPeriodCloseService(deps, generateFiscalReport),
    sweepFiscalWork: new SweepFiscalWorkService(deps),
    reopenFiscalPeriod: new ReopenFiscalPeriodService(deps),
    createEmbedSession: new CreateEmbedSessionService(deps),
    exchangeEmbedToken: new ExchangeEmbedTokenService(deps),
    notifyExpiringCredentials: new NotifyExpiringCredentialsService(deps),
    authenticateEmbedView: new AuthenticateEmbedViewService(deps),
    embedFrameAncestors: new EmbedFrameAncestorsService(deps),
    setEmbedOrigins: new SetEmbedOriginsService(deps),
    getEmbedOrigins: new GetEmbedOriginsService(deps),
    createCustomer: new CreateCustomerService(deps),
    getCustomer: new GetCustomerService(deps),
    updateCustomer: new UpdateCustomerService(deps),
    deleteCustomer: new DeleteCustomerService(deps),
    listCustomers: new ListCustomersService(deps),
    createCustomerEditLink: new CreateCustomerEditLinkService(deps),
    openCustomerEditLink: new OpenCustomerEditLinkService(deps),
    completeCustomerEditLink: new CompleteCustomerEditLinkService(deps),
    createProduct: new CreateProductService(deps),
    getProduct: new GetProductService(deps),
    updateProduct: new UpdateProductService(deps),
    deleteProduct: new DeleteProductService(deps),
    listProducts: new ListProductsService(deps),
    importCustomers: new ImportCustomersService(deps),
    importProducts: new ImportProductsService(deps),
    exportDirectory: new ExportDirectoryService(deps),
    getDirectoryCsvTemplate: new GetDirectoryCsvTemplateService(deps),
    importDirectoryCsv: new ImportDirectoryCsvService(new ImportCustomersService(deps), new ImportProductsService(deps)),
    createRecurringDocument: new CreateRecurringDocumentService(deps, issueDocument),
    getRecurringDocument: new GetRecurringDocumentService(deps),
    listRecurringDocuments: new ListRecurringDocumentsService(deps),
    pauseRecurringDocument: new PauseRecurringDocumentService(deps),
    resumeRecurringDocument: new ResumeRecurringDocumentService(deps),
    deleteRecurringDocument: new DeleteRecurringDocumentService(deps),
    listRecurringOccurrences: new ListRecurringOccurrencesService(deps),
    runRecurringDocuments: new RunRecurringDocumentsService(deps, issueDocument, runIdempotentRequest),
  };
}

export type Services = ReturnType<typeof createServices>;
