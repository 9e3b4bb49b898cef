import { CatalogSelect } from './catalog-select';

/** NR: the title under which the goods travel (CAT-025: depósito, propiedad, consignación, traslado, otros). */
export function GoodsTitleField({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  return <CatalogSelect catalog="CAT-025" label="Título de los bienes remitidos" value={value} onValue={onChange} name="goodsTitle" />;
}
