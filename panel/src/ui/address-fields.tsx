import { useEffect, useState } from 'preact/hooks';
import type { Address } from '../api/emitters.api';
import { catalogEntries, type CatalogEntry } from '../api/catalogs.api';
import { placeName } from '../lib/format';
import { SelectField, TextField } from './form';

/** Department, municipality and district from MH's catalogs (CAT-012, CAT-013, CAT-008) and the address line. */
export function AddressFields({ value, onChange, prefix }: { value: Address; onChange: (a: Address) => void; prefix: string }) {
  const [catalogs, setCatalogs] = useState<{ departments: CatalogEntry[]; municipalities: CatalogEntry[]; districts: CatalogEntry[] } | null>(null);
  useEffect(() => {
    Promise.all([catalogEntries('CAT-012'), catalogEntries('CAT-013'), catalogEntries('CAT-008')]).then(
      ([departments, municipalities, districts]) => setCatalogs({ departments, municipalities, districts }),
      () => setCatalogs({ departments: [], municipalities: [], districts: [] }),
    );
  }, []);
  const inDepartment = (list: CatalogEntry[]) => list.filter((e) => e.department === value.department);
  const options = (list: CatalogEntry[], none: string) => [{ value: '', label: none }, ...list.map((e) => ({ value: e.code, label: `${placeName(e.name)} (${e.code})` }))];
  return (
    <>
      <SelectField
        label="Departamento"
        value={value.department}
        disabled={!catalogs}
        onValue={(department) => onChange({ ...value, department, municipality: '', district: '' })}
        options={options(catalogs?.departments ?? [], catalogs ? 'Elija…' : 'Cargando…')}
        name={`${prefix}.department`}
      />
      <SelectField label="Municipio" value={value.municipality} disabled={!value.department} onValue={(municipality) => onChange({ ...value, municipality })} options={options(inDepartment(catalogs?.municipalities ?? []), 'Elija…')} name={`${prefix}.municipality`} />
      <SelectField label="Distrito" value={value.district} disabled={!value.department} onValue={(district) => onChange({ ...value, district })} options={options(inDepartment(catalogs?.districts ?? []), 'Elija…')} name={`${prefix}.district`} />
      <TextField label="Dirección" value={value.line} onValue={(line) => onChange({ ...value, line })} name={`${prefix}.line`} placeholder="Calle, número, colonia" />
    </>
  );
}

export const EMPTY_ADDRESS: Address = { department: '', municipality: '', district: '', line: '' };
