/** Public API of the DTE engine (pure: request validation, amounts, official JSON). */
export { amountInWords } from './amount-in-words';
export { computeAmounts } from './amounts/compute-amounts';
export type { AmountsInput, AmountsResult, ComputedAmounts, ItemAmounts, SummaryAmounts, TaxTreatment } from './amounts/amount.types';
export { FE_RECEIVER_THRESHOLD_DEFAULT, FE_RECEIVER_THRESHOLD_LEGAL_2025 } from './builders/build-context';
export type { Address, BuildContext } from './builders/build-context';
export { buildDte, type BuildResult } from './builders/build-dte';
export { prepareRawDte, type RawResult } from './builders/raw-dte';
export { documentCreateSchema, hasDirectoryReferences, parseDocumentCreate, parseDocumentCreateBody } from './document-create.schema';
export { isGenerationCode } from './document-create-fields';
export type { DocumentCreateBody, DocumentCreateInput, DocumentItemInput, ParseResult, ReceiverInput } from './document-create.schema';
export type { DteType, FieldError, Totals, Warning } from './dte.types';
export { schemaKindForDteType, validateOfficialJson } from './schemas/official-schema-validator';
export type { OfficialSchemaKind, OfficialValidationResult } from './schemas/official-schema-validator';
