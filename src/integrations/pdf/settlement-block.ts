/** A DCL's settlement period and the person responsible for it (its `cuerpoDocumento` and `extension`). */
import { type Field, type Json, asObject, asText, fields } from './dte-view';
import { formatIsoDate } from './format';
import { CONTENT_WIDTH, type Doc, GAP, LEFT, type PageFlow, SECTION_TITLE_HEIGHT, drawFields, fieldsHeight, sectionTitle, strokeRect } from './pdf-layout';

const PAD = 7;

/** A DCL's settlement fields (empty for the other types, whose cuerpoDocumento is a list). */
export function settlementFields(dte: Json): Field[] {
  const body = asObject(dte.cuerpoDocumento);
  if (!body) return [];
  const extension = asObject(dte.extension) ?? {};
  const start = asText(body.periodoLiquidacionFechaInicio);
  const end = asText(body.periodoLiquidacionFechaFin);
  return fields([
    ['Período de liquidación', start && end ? `${formatIsoDate(start)} al ${formatIsoDate(end)}` : null],
    ['Código de liquidación', asText(body.codLiquidacion)],
    ['Documentos liquidados', asText(body.cantidadDoc)],
    ['Porcentaje de comisión', asText(body.porcentComision) ? `${asText(body.porcentComision)} %` : null],
    ['Valores no sujetos a percepción', asText(body.descripSinPercepcion)],
    ['Responsable de la liquidación', [asText(extension.nombEntrega), asText(extension.docuEntrega)].filter(Boolean).join(' · ') || null],
    ['Código de empleado', asText(extension.codEmpleado)],
  ]);
}

export function drawSettlementPeriod(doc: Doc, flow: PageFlow, dte: Json): void {
  if (!asObject(dte.cuerpoDocumento)) return;
  const list = settlementFields(dte);
  const inner = CONTENT_WIDTH - 2 * PAD;
  const height = SECTION_TITLE_HEIGHT + PAD + fieldsHeight(doc, list, 150, inner) + PAD - 2;
  flow.ensure(height);
  sectionTitle(doc, 'LIQUIDACIÓN', LEFT, flow.y, CONTENT_WIDTH);
  strokeRect(doc, LEFT, flow.y, CONTENT_WIDTH, height);
  drawFields(doc, list, LEFT + PAD, flow.y + SECTION_TITLE_HEIGHT + PAD, 150, inner);
  flow.y += height + GAP;
}
