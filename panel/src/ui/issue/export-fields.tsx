import type { ExportDraft } from '../../lib/issue-draft';
import { TextField, normalizeAmount } from '../form';
import { CatalogSelect } from './catalog-select';

/** FEX: customs office, regime and INCOTERMS (for goods; a services-only export has none), freight and insurance. */
export function ExportFields({ value, onChange, goods }: { value: ExportDraft; onChange: (v: ExportDraft) => void; goods: boolean }) {
  const set = (patch: Partial<ExportDraft>) => onChange({ ...value, ...patch });
  return (
    <div class="form-grid">
      {goods ? (
        <>
          <CatalogSelect catalog="CAT-027" label="Recinto fiscal" value={value.customsOffice} onValue={(customsOffice) => set({ customsOffice })} name="export.customsOffice" />
          <CatalogSelect catalog="CAT-031" label="INCOTERMS" value={value.incoterms} onValue={(incoterms) => set({ incoterms })} name="export.incoterms" />
          <CatalogSelect class="span-2" catalog="CAT-028" label="Régimen de exportación" value={value.regime} onValue={(regime) => set({ regime })} name="export.regime" />
          <CatalogSelect class="span-2" catalog="CAT-033" label="Tipo de régimen" value={value.regimeType} onValue={(regimeType) => set({ regimeType })} name="export.regimeType" optional />
        </>
      ) : (
        <p class="muted span-2">Una exportación solo de servicios no lleva recinto fiscal, régimen ni INCOTERMS.</p>
      )}
      <TextField label="Flete" inputMode="decimal" placeholder="0.00" value={value.freight} onValue={(freight) => set({ freight })} name="export.freight" tidy={normalizeAmount} hint="Opcional." />
      <TextField label="Seguro" inputMode="decimal" placeholder="0.00" value={value.insurance} onValue={(insurance) => set({ insurance })} name="export.insurance" tidy={normalizeAmount} hint="Opcional." />
    </div>
  );
}
