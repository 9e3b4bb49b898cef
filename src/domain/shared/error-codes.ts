/**
 * The one error taxonomy. Every refusal in the service carries one of these codes; REST renders it as
 * problem+json (type `…/problems/<code>`, HTTP status below), GraphQL as the enum ErrorCode in payload
 * `errors` (business refusals) or `extensions.code` (transport failures). Titles are Spanish.
 * Adding a code: add it here and in docs/errors.md (a test checks both lists match).
 */
export const ERROR_CODES = {
  // request shape
  invalid_request: { status: 400, title: 'Solicitud inválida' },
  malformed_json: { status: 400, title: 'JSON mal formado' },
  idempotency_key_missing: { status: 400, title: 'Falta el encabezado Idempotency-Key' },
  idempotency_key_invalid: { status: 400, title: 'Idempotency-Key inválido' },
  // authentication and authorization
  unauthenticated: { status: 401, title: 'No autenticado' },
  insufficient_scope: { status: 403, title: 'Permiso insuficiente' },
  api_key_emitter_forbidden: { status: 403, title: 'Emisor fuera de los de la llave' },
  api_key_document_type_forbidden: { status: 403, title: 'Tipo de documento fuera de los de la llave' },
  api_key_address_forbidden: { status: 403, title: 'Dirección no permitida para la llave' },
  invalid_credentials: { status: 401, title: 'Credenciales incorrectas' },
  current_password_incorrect: { status: 422, title: 'Contraseña actual incorrecta' },
  second_factor_required: { status: 401, title: 'Falta la verificación en dos pasos' },
  second_factor_code_invalid: { status: 422, title: 'Código de verificación incorrecto' },
  second_factor_already_enabled: { status: 409, title: 'La verificación en dos pasos ya está activada' },
  second_factor_not_enabled: { status: 409, title: 'La verificación en dos pasos no está activada' },
  second_factor_not_started: { status: 422, title: 'Falta iniciar la activación' },
  second_factor_not_required: { status: 409, title: 'La sesión no espera un código' },
  csrf_token_invalid: { status: 403, title: 'Token CSRF ausente o incorrecto' },
  session_required: { status: 403, title: 'Se requiere una sesión del panel' },
  insufficient_role: { status: 403, title: 'Rol insuficiente' },
  environment_forbidden: { status: 403, title: 'Ambiente no permitido para esta llave' },
  // lookup and routing
  resource_not_found: { status: 404, title: 'Recurso no encontrado' },
  route_not_found: { status: 404, title: 'Ruta no encontrada' },
  method_not_allowed: { status: 405, title: 'Método no permitido' },
  // conflicts
  idempotency_key_reused: { status: 409, title: 'Idempotency-Key reutilizado con otra solicitud' },
  idempotency_request_in_progress: { status: 409, title: 'Solicitud con el mismo Idempotency-Key en curso' },
  emitter_nit_taken: { status: 409, title: 'NIT ya registrado' },
  establishment_code_taken: { status: 409, title: 'Código de establecimiento ya registrado' },
  customer_document_taken: { status: 409, title: 'Cliente ya registrado con ese documento' },
  product_code_taken: { status: 409, title: 'Código de producto ya registrado' },
  email_taken: { status: 409, title: 'Correo electrónico ya registrado' },
  last_owner: { status: 409, title: 'La cuenta necesita al menos un propietario' },
  invitation_not_pending: { status: 409, title: 'La invitación ya fue aceptada' },
  generation_code_taken: { status: 409, title: 'Código de generación ya usado' },
  document_not_retryable: { status: 409, title: 'El documento no admite reintento' },
  correction_not_allowed: { status: 409, title: 'Corrección no permitida' },
  document_not_invalidatable: { status: 409, title: 'El documento no se puede invalidar' },
  dte_event_not_invalidatable: { status: 409, title: 'El evento no se puede invalidar' },
  document_not_sendable: { status: 409, title: 'El documento no se puede enviar por correo' },
  period_closed: { status: 409, title: 'Periodo fiscal cerrado' },
  record_version_conflict: { status: 409, title: 'Versión del registro fiscal en conflicto' },
  invalidation_deadline_passed: { status: 422, title: 'Plazo de invalidación vencido' },
  replacement_required: { status: 422, title: 'Documento de reemplazo requerido' },
  invalidation_rejected: { status: 422, title: 'El MH rechazó la invalidación' },
  // transport limits
  payload_too_large: { status: 413, title: 'Cuerpo de la solicitud demasiado grande' },
  request_header_fields_too_large: { status: 431, title: 'URL o encabezados demasiado grandes' },
  unsupported_media_type: { status: 415, title: 'Tipo de contenido no admitido' },
  // validation (field-level codes also travel inside `errors[]`)
  validation_failed: { status: 422, title: 'Error de validación' },
  required: { status: 422, title: 'Campo obligatorio' },
  invalid_type: { status: 422, title: 'Tipo de dato inválido' },
  invalid_format: { status: 422, title: 'Formato inválido' },
  invalid_value: { status: 422, title: 'Valor inválido' },
  unknown_field: { status: 422, title: 'Campo no admitido' },
  unknown_catalog_code: { status: 422, title: 'Código de catálogo desconocido' },
  address_mismatch: { status: 422, title: 'Dirección incoherente' },
  duplicate_value: { status: 422, title: 'Valor duplicado' },
  out_of_range: { status: 422, title: 'Valor fuera de rango' },
  invalid_combination: { status: 422, title: 'Combinación de valores no permitida' },
  // documents (issuance body and business rules)
  not_allowed_for_type: { status: 422, title: 'Campo no admitido para este tipo de documento' },
  not_allowed_for_tax: { status: 422, title: 'Campo no admitido para este tratamiento tributario' },
  not_allowed_with_raw: { status: 422, title: 'Campo no admitido junto con raw' },
  perception_not_allowed: { status: 422, title: 'Percepción no permitida' },
  receiver_required: { status: 422, title: 'Receptor obligatorio' },
  invalid_reference: { status: 422, title: 'Referencia inválida' },
  discount_exceeds_amount: { status: 422, title: 'Descuento mayor que el monto' },
  tribute_not_applicable: { status: 422, title: 'Tributo no aplicable' },
  tribute_requires_gallons: { status: 422, title: 'Tributo por galón sin unidad galón' },
  tribute_not_computable: { status: 422, title: 'Tributo no calculable' },
  tribute_not_allowed: { status: 422, title: 'Tributo no permitido' },
  total_negative: { status: 422, title: 'Total negativo' },
  payment_total_mismatch: { status: 422, title: 'Los pagos no suman el total' },
  schema_violation: { status: 422, title: 'El JSON no cumple el esquema oficial del MH' },
  value_mismatch: { status: 422, title: 'Valor incoherente' },
  emitter_mismatch: { status: 422, title: 'Emisor incoherente' },
  emitter_incomplete: { status: 422, title: 'Datos del emisor incompletos' },
  amount_not_representable: { status: 422, title: 'Monto no representable' },
  amount_out_of_range: { status: 422, title: 'Monto fuera de los límites del MH' },
  issued_at_out_of_range: { status: 422, title: 'Fecha de emisión fuera de la holgura' },
  unknown_establishment: { status: 422, title: 'Establecimiento desconocido o inactivo' },
  unknown_point_of_sale: { status: 422, title: 'Punto de venta desconocido o inactivo' },
  credentials_not_configured: { status: 422, title: 'Credenciales no configuradas' },
  production_not_allowed: { status: 422, title: 'Producción no disponible en modo simulador' },
  // return and special-operations events
  not_returnable: { status: 422, title: 'Línea o documento no retornable' },
  return_exceeds_balance: { status: 422, title: 'El retorno supera el saldo por devolver' },
  return_window_passed: { status: 422, title: 'Plazo para el retorno vencido' },
  // certificates and credentials
  certificate_unreadable: { status: 422, title: 'Certificado ilegible' },
  certificate_password_invalid: { status: 422, title: 'Contraseña del certificado incorrecta' },
  certificate_key_mismatch: { status: 422, title: 'La llave privada no corresponde al certificado' },
  certificate_key_unsupported: { status: 422, title: 'Tipo de llave no admitido' },
  certificate_missing_nit: { status: 422, title: 'El certificado no indica un NIT' },
  certificate_nit_mismatch: { status: 422, title: 'El certificado es de otro NIT' },
  certificate_expired: { status: 422, title: 'Certificado vencido' },
  certificate_not_yet_valid: { status: 422, title: 'Certificado aún no vigente' },
  // webhooks
  webhook_url_not_allowed: { status: 422, title: 'URL de webhook no permitida' },
  unknown_event_type: { status: 422, title: 'Evento desconocido' },
  webhook_delivery_not_replayable: { status: 409, title: 'La entrega no se puede reenviar' },
  // recurring documents
  recurring_document_completed: { status: 409, title: 'La factura recurrente ya terminó' },
  // fiscal reports and periods
  report_not_ready: { status: 409, title: 'El reporte fiscal no está listo' },
  archive_not_ready: { status: 409, title: 'El archivo del período no está listo' },
  period_already_closed: { status: 409, title: 'El período ya está cerrado' },
  period_not_closed: { status: 409, title: 'El período no está cerrado' },
  link_expired: { status: 410, title: 'Enlace vencido o inválido' },
  embed_link_used: { status: 410, title: 'Este enlace ya fue usado' },
  embed_link_expired: { status: 401, title: 'Este enlace expiró' },
  customer_edit_link_used: { status: 410, title: 'Este enlace ya fue usado' },
  customer_edit_link_expired: { status: 410, title: 'Este enlace expiró' },
  // throttling and server side
  rate_limited: { status: 429, title: 'Demasiadas solicitudes' },
  login_throttled: { status: 429, title: 'Demasiados intentos de inicio de sesión' },
  internal_error: { status: 500, title: 'Error interno' },
  service_unavailable: { status: 503, title: 'Servicio no disponible' },
} as const satisfies Record<string, { status: number; title: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

export function isErrorCode(code: string): code is ErrorCode {
  return Object.prototype.hasOwnProperty.call(ERROR_CODES, code);
}

export function statusOf(code: ErrorCode): number {
  return ERROR_CODES[code].status;
}
