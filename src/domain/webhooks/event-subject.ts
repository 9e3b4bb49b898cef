/**
 * What a webhook event is about, read from the body it carries (`data`): the object's kind, its id,
 * the document it concerns and how a person recognises it. The delivery log shows it per row.
 */
export interface WebhookEventSubject {
  /** `data.object`: document, document_return, special_operation, fiscal_report, period, credential, contingency. */
  object: string;
  id: string | null;
  /** The document the event is about (a document event's own id; a return's `document_id`). */
  documentId: string | null;
  /** A control number, a generation code, a report's type and period, a period, an environment. */
  label: string | null;
}

function text(v: unknown): string | null {
  return typeof v === 'string' && v.trim() ? v : null;
}

/** The subject of a delivery's body, or null when the body holds no `data.object` (or is not JSON). */
export function webhookEventSubject(body: string): WebhookEventSubject | null {
  let event: unknown;
  try {
    event = JSON.parse(body);
  } catch {
    return null;
  }
  const data = (event as { data?: unknown } | null)?.data;
  if (!data || typeof data !== 'object') return null;
  const d = data as Record<string, unknown>;
  const object = text(d.object);
  if (!object) return null;
  const id = text(d.id);
  switch (object) {
    case 'document':
      return { object, id, documentId: id, label: text(d.control_number) ?? text(d.generation_code) };
    case 'document_return':
      return { object, id, documentId: text(d.document_id), label: text(d.generation_code) };
    case 'special_operation':
      return { object, id, documentId: null, label: text(d.generation_code) };
    case 'fiscal_report':
      return { object, id, documentId: null, label: [text(d.type), text(d.period)].filter(Boolean).join(' ') || null };
    case 'period':
      return { object, id, documentId: null, label: text(d.period) };
    case 'credential':
      return { object, id, documentId: null, label: text(d.environment) };
    case 'contingency':
      return { object, id, documentId: null, label: text(d.event_generation_code) };
    default:
      return { object, id, documentId: null, label: null };
  }
}
