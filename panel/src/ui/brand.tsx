/** The product's mark and name (sidebar, login and e-mailed-link pages). */
export function Brand({ dark = false }: { dark?: boolean }) {
  return (
    <div class={`brand${dark ? ' brand-dark' : ''}`}>
      <span class="brand-mark" aria-hidden="true">
        DTE
      </span>
      <span class="brand-name">Facturación electrónica</span>
    </div>
  );
}
