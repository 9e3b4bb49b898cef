/**
 * The built-in price list (PLANS_FILE replaces it): monthly plans in USD without IVA for El Salvador
 * businesses, from a shop issuing a few invoices a day to a company issuing thousands. Overage is
 * graduated: each tier prices the documents of the month up to its `up_to`.
 */
export const DEFAULT_PLAN_FILE = {
  default_plan: 'basico',
  plans: [
    {
      code: 'basico',
      name: 'Básico',
      currency: 'USD',
      price_excl_iva: '9.00',
      interval: 'month',
      included_documents: 100,
      overage: [{ up_to: null, unit_price_excl_iva: '0.08' }],
      features: ['1 emisor', 'Facturas, créditos fiscales y notas', 'Panel, API REST y GraphQL', 'Soporte por correo'],
    },
    {
      code: 'emprendedor',
      name: 'Emprendedor',
      currency: 'USD',
      price_excl_iva: '25.00',
      interval: 'month',
      included_documents: 500,
      overage: [
        { up_to: 2000, unit_price_excl_iva: '0.05' },
        { up_to: null, unit_price_excl_iva: '0.04' },
      ],
      features: ['Hasta 3 emisores', 'Los 11 tipos de DTE', 'Webhooks y envío por correo', 'Libros de IVA y anexos F-07', 'Soporte por correo'],
    },
    {
      code: 'pyme',
      name: 'Pyme',
      currency: 'USD',
      price_excl_iva: '69.00',
      interval: 'month',
      included_documents: 2500,
      overage: [
        { up_to: 10000, unit_price_excl_iva: '0.03' },
        { up_to: null, unit_price_excl_iva: '0.025' },
      ],
      features: ['Emisores ilimitados', 'Los 11 tipos de DTE', 'Webhooks, correo y contingencia', 'Libros de IVA, anexos F-07 y cierres', 'Usuarios con roles y auditoría', 'Soporte prioritario'],
    },
    {
      code: 'empresa',
      name: 'Empresa',
      currency: 'USD',
      price_excl_iva: '199.00',
      interval: 'month',
      included_documents: 10000,
      overage: [
        { up_to: 50000, unit_price_excl_iva: '0.018' },
        { up_to: null, unit_price_excl_iva: '0.012' },
      ],
      features: ['Todo lo del plan Pyme', 'Vista incrustada para su ERP', 'Acompañamiento en la certificación con el MH', 'Soporte telefónico'],
    },
  ],
} as const;
