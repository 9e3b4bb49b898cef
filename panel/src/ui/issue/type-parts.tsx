import type { DryRun } from '../../api/documents.api';
import { hasItems, isNote, type IssueDraft } from '../../lib/issue-draft';
import { TextAreaField } from '../form';
import { ItemsEditor, type LinePicker } from '../issue-items-editor';
import { Card } from '../page';
import { AssociatedDocumentsEditor } from './associated-documents-editor';
import { ExportFields } from './export-fields';
import { GoodsTitleField } from './goods-title-field';
import { IncomeWithholdingField } from './income-withholding-field';
import { RelatedDocumentsFields } from './related-documents-fields';
import { SettledDocumentsEditor } from './settled-documents-editor';
import { SettlementFields } from './settlement-fields';
import { WithholdingsEditor } from './withholdings-editor';

/** The cards of the parts a type has beyond the receiver: its lines and what only it carries. */
export function TypeParts({ draft, onChange, run, picker }: { draft: IssueDraft; onChange: (d: IssueDraft) => void; run: DryRun | null; picker?: LinePicker }) {
  const t = draft.type;
  const set = (patch: Partial<IssueDraft>) => onChange({ ...draft, ...patch });
  return (
    <>
      {isNote(t) ? (
        <Card title="Documentos que corrige">
          <RelatedDocumentsFields value={draft.related} onChange={(related) => set({ related })} />
        </Card>
      ) : null}
      {t === '04' ? (
        <Card title="Remisión">
          <div class="form-grid">
            <GoodsTitleField value={draft.goodsTitle} onChange={(goodsTitle) => set({ goodsTitle })} />
          </div>
        </Card>
      ) : null}
      {t === '07' ? (
        <Card title="Documentos con IVA retenido">
          <WithholdingsEditor value={draft.withholdings} onChange={(withholdings) => set({ withholdings })} />
        </Card>
      ) : null}
      {t === '08' ? (
        <Card title="Documentos liquidados">
          <SettledDocumentsEditor value={draft.settled} onChange={(settled) => set({ settled })} />
        </Card>
      ) : null}
      {t === '09' ? (
        <Card title="Liquidación">
          <SettlementFields value={draft.settlement} onChange={(settlement) => set({ settlement })} />
        </Card>
      ) : null}
      {hasItems(t) ? (
        <Card title={t === '15' ? 'Lo donado' : 'Detalle'}>
          <ItemsEditor items={draft.items} onChange={(items) => set({ items })} type={t} run={run} related={draft.related} picker={picker} />
        </Card>
      ) : null}
      {t === '11' ? (
        <Card title="Exportación">
          <ExportFields value={draft.exportInfo} onChange={(exportInfo) => set({ exportInfo })} goods={draft.items.some((i) => i.type !== '2')} />
        </Card>
      ) : null}
      {t === '14' ? (
        <Card title="Retención de renta">
          <IncomeWithholdingField value={draft.renta} onChange={(renta) => set({ renta })} />
        </Card>
      ) : null}
      {t === '15' ? (
        <Card title="Documentos del donatario">
          <AssociatedDocumentsEditor value={draft.associated} onChange={(associated) => set({ associated })} />
        </Card>
      ) : null}
      {t !== '15' ? (
        <Card title="Observaciones">
          <TextAreaField label="Observaciones" value={draft.notes} onValue={(notes) => set({ notes })} name="notes" rows={2} hint="Opcional: aparecen en el PDF." />
        </Card>
      ) : null}
    </>
  );
}
