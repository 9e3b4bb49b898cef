// Every migration in order. `npm run migration:create` writes a new file and rewrites this list.
// Migrations are never edited after they land.
import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261123121018_initial as M0 } from './Migration20261123121018_initial';
import { Migration20261123123429_documents as M1 } from './Migration20261123123429_documents';
import { Migration20261123130218_lifecycle as M2 } from './Migration20261123130218_lifecycle';
import { Migration20261123130958_webhooks as M3 } from './Migration20261123130958_webhooks';
import { Migration20261123152749_document_emails as M4 } from './Migration20261123152749_document_emails';
import { Migration20261123160500_fiscal_records as M5 } from './Migration20261123160500_fiscal_records';
import { Migration20261123161000_fiscal_reports as M6 } from './Migration20261123161000_fiscal_reports';
import { Migration20261123181418_fiscal_work_leases as M7 } from './Migration20261123181418_fiscal_work_leases';
import { Migration20261125080734_process_leases as M8 } from './Migration20261125080734_process_leases';
import { Migration20261125081333_panel_users_and_sessions as M9 } from './Migration20261125081333_panel_users_and_sessions';
import { Migration20261125094809_account_plans_and_key_usage as M10 } from './Migration20261125094809_account_plans_and_key_usage';
import { Migration20261125101932_dte_events as M11 } from './Migration20261125101932_dte_events';
import { Migration20261125115250_account_audit_and_user_tokens as M12 } from './Migration20261125115250_account_audit_and_user_tokens';
import { Migration20261125121500_embed_view_tokens as M13 } from './Migration20261125121500_embed_view_tokens';
import { Migration20261125121942_document_type_index as M14 } from './Migration20261125121942_document_type_index';
import { Migration20261125124500_certification_runs as M15 } from './Migration20261125124500_certification_runs';
import { Migration20261125131800_credential_expiry_notices as M16 } from './Migration20261125131800_credential_expiry_notices';
import { Migration20261125150359_api_key_changes as M17 } from './Migration20261125150359_api_key_changes';
import { Migration20261125153008_account_emails as M18 } from './Migration20261125153008_account_emails';
import { Migration20261125180500_ledger_index_type_status as M19 } from './Migration20261125180500_ledger_index_type_status';
import { Migration20261125190000_contingency_failure_emails as M20 } from './Migration20261125190000_contingency_failure_emails';
import { Migration20261128180000_emitter_changes as M21 } from './Migration20261128180000_emitter_changes';
import { Migration20261128200713_fiscal_reports_emitter_list as M22 } from './Migration20261128200713_fiscal_reports_emitter_list';
import { Migration20261128230000_receiver_trgm_fastupdate_off as M23 } from './Migration20261128230000_receiver_trgm_fastupdate_off';
import { Migration20261202011240_rate_limit_points as M24 } from './Migration20261202011240_rate_limit_points';
import { Migration20261202012252_receiver_search_folded as M25 } from './Migration20261202012252_receiver_search_folded';
import { Migration20261202020730_account_security as M26 } from './Migration20261202020730_account_security';
import { Migration20261202021313_emitter_logos as M27 } from './Migration20261202021313_emitter_logos';
import { Migration20261202023307_documents_awaiting_transmission as M28 } from './Migration20261202023307_documents_awaiting_transmission';
import { Migration20261202080741_recurring_documents as M29 } from './Migration20261202080741_recurring_documents';
import { Migration20261202081203_customers_and_products as M30 } from './Migration20261202081203_customers_and_products';
import { Migration20261202081800_document_notes as M31 } from './Migration20261202081800_document_notes';
import { Migration20261202154642_dte_event_void as M32 } from './Migration20261202154642_dte_event_void';
import { Migration20261202155437_customer_edit_links as M33 } from './Migration20261202155437_customer_edit_links';
import { Migration20261202161051_period_archives as M34 } from './Migration20261202161051_period_archives';
import { Migration20261202200500_directory_list_order as M35 } from './Migration20261202200500_directory_list_order';
import { Migration20261203150000_directory_changes as M36 } from './Migration20261203150000_directory_changes';

export const MIGRATIONS: MigrationObject[] = [
  { name: 'Migration20261123121018_initial', class: M0 },
  { name: 'Migration20261123123429_documents', class: M1 },
  { name: 'Migration20261123130218_lifecycle', class: M2 },
  { name: 'Migration20261123130958_webhooks', class: M3 },
  { name: 'Migration20261123152749_document_emails', class: M4 },
  { name: 'Migration20261123160500_fiscal_records', class: M5 },
  { name: 'Migration20261123161000_fiscal_reports', class: M6 },
  { name: 'Migration20261123181418_fiscal_work_leases', class: M7 },
  { name: 'Migration20261125080734_process_leases', class: M8 },
  { name: 'Migration20261125081333_panel_users_and_sessions', class: M9 },
  { name: 'Migration20261125094809_account_plans_and_key_usage', class: M10 },
  { name: 'Migration20261125101932_dte_events', class: M11 },
  { name: 'Migration20261125115250_account_audit_and_user_tokens', class: M12 },
  { name: 'Migration20261125121500_embed_view_tokens', class: M13 },
  { name: 'Migration20261125121942_document_type_index', class: M14 },
  { name: 'Migration20261125124500_certification_runs', class: M15 },
  { name: 'Migration20261125131800_credential_expiry_notices', class: M16 },
  { name: 'Migration20261125150359_api_key_changes', class: M17 },
  { name: 'Migration20261125153008_account_emails', class: M18 },
  { name: 'Migration20261125180500_ledger_index_type_status', class: M19 },
  { name: 'Migration20261125190000_contingency_failure_emails', class: M20 },
  { name: 'Migration20261128180000_emitter_changes', class: M21 },
  { name: 'Migration20261128200713_fiscal_reports_emitter_list', class: M22 },
  { name: 'Migration20261128230000_receiver_trgm_fastupdate_off', class: M23 },
  { name: 'Migration20261202011240_rate_limit_points', class: M24 },
  { name: 'Migration20261202012252_receiver_search_folded', class: M25 },
  { name: 'Migration20261202020730_account_security', class: M26 },
  { name: 'Migration20261202021313_emitter_logos', class: M27 },
  { name: 'Migration20261202023307_documents_awaiting_transmission', class: M28 },
  { name: 'Migration20261202080741_recurring_documents', class: M29 },
  { name: 'Migration20261202081203_customers_and_products', class: M30 },
  { name: 'Migration20261202081800_document_notes', class: M31 },
  { name: 'Migration20261202154642_dte_event_void', class: M32 },
  { name: 'Migration20261202155437_customer_edit_links', class: M33 },
  { name: 'Migration20261202161051_period_archives', class: M34 },
  { name: 'Migration20261202200500_directory_list_order', class: M35 },
  { name: 'Migration20261203150000_directory_changes', class: M36 },
];
