import type { DocumentReturn } from '../api/dte-events.api';
import type { DocumentDetail } from '../api/documents.api';
import { href } from '../lib/router';
import { returnableBalances } from '../lib/return-balance';
import { Button, LinkButton } from './button';
import { Card } from './page';

/** Types a return event applies to (FE, FEX, FSE). */
export const RETURNABLE = new Set(['01', '11', '14']);
const DUPLICABLE = new Set(['01', '03', '04', '05', '06', '07', '08', '09', '11', '14', '15']);

/**
 * What can be done with a processed document besides invalidating it: a credit or debit note of a
 * CCF (prefilled with it and its lines), a return of an FE/FEX/FSE, and a new document copied from it.
 */
export function CorrectionsCard({ doc, returns, onReturn }: { doc: DocumentDetail; returns: DocumentReturn[]; onReturn: () => void }) {
  const processed = doc.status === 'PROCESSED';
  const from = (como: string) => href(`/emitir?desde=${encodeURIComponent(doc.id)}&como=${como}`);
  const left = [...returnableBalances(doc.items, returns).values()].some((b) => b !== '0');
  const note = processed && doc.type === '03';
  const canReturn = processed && RETURNABLE.has(doc.type) && left;
  if (!note && !canReturn && !DUPLICABLE.has(doc.type)) return null;
  return (
    <Card title="Corregir o reutilizar">
      <div class="action-list">
        {note ? (
          <>
            <LinkButton icon="file" href={from('nc')}>
              Nota de crédito
            </LinkButton>
            <LinkButton icon="file" href={from('nd')}>
              Nota de débito
            </LinkButton>
          </>
        ) : null}
        {canReturn ? (
          <Button icon="refresh" onClick={onReturn}>
            Devolución
          </Button>
        ) : null}
        {DUPLICABLE.has(doc.type) ? (
          <LinkButton icon="copy" href={from('duplicado')}>
            Duplicar
          </LinkButton>
        ) : null}
      </div>
      <p class="muted small">
        {note ? 'Las notas se llenan con este documento y sus líneas. ' : ''}
        {canReturn ? 'Una devolución informa al MH lo devuelto sin anular el documento. ' : ''}
        «Duplicar» abre un documento nuevo con el mismo receptor y las mismas líneas.
      </p>
    </Card>
  );
}
