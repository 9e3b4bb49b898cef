/** Spanish descriptions of the events an endpoint can receive (a test keeps the names equal to the service's list). */
export const WEBHOOK_EVENTS: { name: string; label: string }[] = [
  { name: 'document.processed', label: 'Documento procesado por el MH' },
  { name: 'document.rejected', label: 'Documento rechazado' },
  { name: 'document.contingency', label: 'Documento en contingencia' },
  { name: 'document.voided', label: 'Documento invalidado' },
  { name: 'document.delivered', label: 'Correo del documento entregado o fallido' },
  { name: 'document.returned', label: 'Devolución sellada por el MH' },
  { name: 'special_operation.processed', label: 'Operación especial sellada por el MH' },
  { name: 'document.return_voided', label: 'Devolución anulada por el MH' },
  { name: 'special_operation.voided', label: 'Operación especial anulada por el MH' },
  { name: 'contingency.failed', label: 'Evento de contingencia rechazado por el MH' },
  { name: 'fiscal.report.ready', label: 'Reporte fiscal listo' },
  { name: 'fiscal.report.failed', label: 'Reporte fiscal fallido' },
  { name: 'fiscal.period.closed', label: 'Período fiscal cerrado' },
  { name: 'fiscal.period.drift_detected', label: 'Cambios después del cierre' },
  { name: 'credential.expiring', label: 'Certificado por vencer' },
  { name: 'recurring_document.failed', label: 'Factura recurrente no emitida' },
];
