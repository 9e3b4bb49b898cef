/**
 * Request bodies of the certification battery: varied, realistic content per CAT-002 type, the same
 * for the same item key (a seeded generator), every amount a decimal string. Pure.
 */
import Decimal from 'decimal.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- request bodies as sent over REST; the service validates them

export interface BodyContext {
  emitterId: string;
  establishment: string;
  pointOfSale: string;
  /** The run's El Salvador date (`yyyy-MM-dd`): related documents and periods are dated from it. */
  today: string;
  /** `CERT-…`: prefix of every `external_id`. */
  externalPrefix: string;
}

/** A related CCF processed earlier in the run (NC and ND adjust it). */
export interface RelatedCcf {
  generationCode: string;
  issuedOn: string;
}

/** mulberry32 seeded with the item key: the same key always gives the same body. */
export function seededRandom(seed: string): () => number {
  let h = 1779033703 ^ seed.length;
  for (let i = 0; i < seed.length; i++) {
    h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Pick {
  constructor(private readonly rnd: () => number) {}
  int(min: number, max: number): number {
    return min + Math.floor(this.rnd() * (max - min + 1));
  }
  one<T>(list: readonly T[]): T {
    return list[this.int(0, list.length - 1)];
  }
  /** A decimal amount between min and max with two decimals. */
  money(min: number, max: number): string {
    return new Decimal(this.int(min * 100, max * 100)).div(100).toFixed(2);
  }
  bool(p = 0.5): boolean {
    return this.rnd() < p;
  }
  /** A UUID (uppercase) derived from the generator, for documents received from others. */
  uuid(): string {
    const hex = Array.from({ length: 32 }, () => this.int(0, 15).toString(16)).join('').toUpperCase();
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${'89AB'[this.int(0, 3)]}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  }
}

const GOODS = [
  { code: 'CAF-500', description: 'Café molido 500 g', unit: '59', price: [4.25, 7.9] },
  { code: 'AZU-2K', description: 'Azúcar morena 2 kg', unit: '59', price: [2.1, 3.45] },
  { code: 'ARR-QQ', description: 'Arroz blanco, quintal', unit: '59', price: [48, 62.5] },
  { code: 'FRJ-5L', description: 'Frijol rojo seda, 5 lb', unit: '59', price: [4.5, 6.75] },
  { code: 'ACE-1G', description: 'Aceite vegetal, galón', unit: '59', price: [9.5, 13.2] },
  { code: 'CEM-42', description: 'Cemento gris, bolsa 42.5 kg', unit: '59', price: [8.9, 10.75] },
  { code: 'LAM-14', description: 'Lámina galvanizada calibre 26', unit: '59', price: [11.4, 16.8] },
  { code: 'PAP-CJ', description: 'Papel bond carta, caja 10 resmas', unit: '59', price: [38, 47.5] },
  { code: 'TON-85', description: 'Tóner para impresora láser', unit: '59', price: [52, 89.99] },
  { code: 'AGU-G5', description: 'Agua purificada, garrafa 5 gal', unit: '59', price: [2.25, 3.5] },
] as const;

const SERVICES = [
  { description: 'Servicio de consultoría contable', unit: '99', price: [150, 1800] },
  { description: 'Mantenimiento preventivo de equipo', unit: '99', price: [45, 320] },
  { description: 'Transporte de mercadería', unit: '99', price: [25, 240] },
  { description: 'Capacitación en seguridad ocupacional', unit: '99', price: [200, 950] },
  { description: 'Soporte técnico mensual', unit: '99', price: [80, 600] },
] as const;

const PEOPLE = [
  { name: 'Juan Antonio Pérez', dui: '01234567-8', phone: '70112233' },
  { name: 'María Elena Ramírez', dui: '02345678-9', phone: '71223344' },
  { name: 'José Roberto Martínez', dui: '03456789-0', phone: '72334455' },
  { name: 'Ana Beatriz Hernández', dui: '04567890-1', phone: '73445566' },
  { name: 'Carlos Ernesto López', dui: '05678901-2', phone: '74556677' },
  { name: 'Rosa Amelia Guardado', dui: '06789012-3', phone: '75667788' },
] as const;

const COMPANIES = [
  { name: 'Distribuidora El Roble, S.A. de C.V.', nit: '06142010901010', nrc: '2345678', activity: '46900', line: 'Col. Escalón, Av. Norte 1', dep: '06', mun: '23', dis: '14', email: 'compras@elroble.com.sv' },
  { name: 'Suministros Industriales, S.A. de C.V.', nit: '06141507891234', nrc: '1122334', activity: '46900', line: 'Zona Industrial, Bodega 4', dep: '05', mun: '25', dis: '11', email: 'cobros@suministros.com.sv' },
  { name: 'Laboratorios del Istmo, S.A. de C.V.', nit: '06140911881234', nrc: '554433', activity: '21001', line: 'Blvd. del Hipódromo 330', dep: '06', mun: '23', dis: '14', email: 'pagos@istmo.com.sv' },
  { name: 'Restaurante La Ceiba, S.A. de C.V.', nit: '06142503951234', nrc: '887766', activity: '56101', line: 'Paseo General Escalón 4520', dep: '06', mun: '23', dis: '14', email: 'admin@laceiba.com.sv' },
  { name: 'Ferretería San Miguelito, S.A. de C.V.', nit: '06141203001122', nrc: '667788', activity: '47521', line: 'Calle Concepción 1120', dep: '06', mun: '23', dis: '14', email: 'ventas@sanmiguelito.com.sv' },
] as const;

const FOREIGN = [
  { name: 'Importadora del Pacífico, S.A.', doc: 'GT-5523410', country: 'GT', address: '6a. Avenida 12-40, Zona 10, Ciudad de Guatemala', activity: 'Comercio al por mayor de alimentos' },
  { name: 'Comercial Catracha, S. de R.L.', doc: 'HN-08019001', country: 'HN', address: 'Blvd. Morazán, Tegucigalpa', activity: 'Distribución de abarrotes' },
  { name: 'Coffee Roasters of Texas, LLC', doc: 'US-74-3321987', country: 'US', address: '2100 Main St, Houston, TX 77002', activity: 'Tostaduría de café' },
  { name: 'Abastos del Sur, S.A.', doc: 'CR-3101552211', country: 'CR', address: 'Barrio Escalante, San José', activity: 'Importación de bebidas' },
  { name: 'Grupo Textil Azteca, S.A. de C.V.', doc: 'MX-GTA9901015K3', country: 'MX', address: 'Av. Insurgentes Sur 1602, Ciudad de México', activity: 'Confección de prendas' },
] as const;

const EXPORT_GOODS = [
  { code: 'CAFE-69', description: 'Café oro lavado, sacos de 69 kg', price: [180, 260] },
  { description: 'Café tostado molido, caja 12 unidades', price: [14, 24] },
  { code: 'AZU-QQ', description: 'Azúcar cruda, quintal', price: [22, 31] },
  { description: 'Camisetas de algodón, docena', price: [36, 58] },
  { code: 'SEM-MAR', description: 'Semilla de marañón, caja 25 lb', price: [85, 120] },
] as const;

function companyReceiver(p: Pick, extra: Json = {}): Json {
  const c = p.one(COMPANIES);
  return {
    name: c.name, document_type: '36', document_number: c.nit, nrc: c.nrc, economic_activity: c.activity,
    address: { department: c.dep, municipality: c.mun, district: c.dis, line: c.line }, email: c.email, ...extra,
  };
}

function goodsLines(p: Pick, count: number, opts: { tax?: boolean } = {}): Json[] {
  const lines: Json[] = [];
  for (let i = 0; i < count; i++) {
    const g = p.one(GOODS);
    const line: Json = { type: '1', code: g.code, description: g.description, quantity: String(p.int(1, 24)), unit_code: g.unit, unit_price: p.money(g.price[0], g.price[1]) };
    if (opts.tax !== false) line.tax = p.bool(0.85) ? 'gravada' : 'exenta';
    lines.push(line);
  }
  return lines;
}

function serviceLine(p: Pick, tax = true): Json {
  const s = p.one(SERVICES);
  const line: Json = { type: '2', description: s.description, quantity: '1', unit_code: s.unit, unit_price: p.money(s.price[0], s.price[1]) };
  if (tax) line.tax = 'gravada';
  return line;
}

/** A date of the run's month on or before today, for documents received from others. */
function earlierThisMonth(p: Pick, today: string): string {
  const day = Number(today.slice(8, 10));
  return `${today.slice(0, 8)}${String(p.int(1, day)).padStart(2, '0')}`;
}

function base(ctx: BodyContext, type: string, item: string): Json {
  return { emitter_id: ctx.emitterId, type, establishment: ctx.establishment, point_of_sale: ctx.pointOfSale, external_id: `${ctx.externalPrefix}-${item}` };
}

/** The body of an ordinary battery document of `type`. NC and ND need the CCF they adjust. */
export function batteryBody(type: string, item: string, ctx: BodyContext, related?: RelatedCcf): Json {
  const p = new Pick(seededRandom(item));
  const body = base(ctx, type, item);
  switch (type) {
    case '01': {
      const person = p.one(PEOPLE);
      body.receiver = p.bool(0.7) ? { name: person.name, document_type: '13', document_number: person.dui, phone: person.phone } : { name: 'Consumidor final' };
      body.items = goodsLines(p, p.int(1, 4));
      if (p.bool(0.3)) body.items.push(serviceLine(p));
      body.payment = { condition: '1' };
      return body;
    }
    case '03':
      body.receiver = companyReceiver(p);
      body.items = p.bool(0.5) ? goodsLines(p, p.int(1, 5)) : [serviceLine(p), ...goodsLines(p, p.int(0, 2))];
      body.payment = { condition: p.bool(0.6) ? '1' : '2' };
      return body;
    case '04':
      body.goods_title = p.one(['01', '02', '03', '04', '05']);
      body.receiver = companyReceiver(p);
      body.items = goodsLines(p, p.int(1, 4));
      body.notes = p.one(['Traslado de mercadería a sucursal San Miguel', 'Envío en consignación para exhibición', 'Traslado a bodega de Santa Ana', 'Remisión de producto para demostración']);
      return body;
    case '05':
    case '06': {
      if (!related) throw new Error('BUG: una nota necesita el CCF que ajusta');
      body.receiver = companyReceiver(p);
      body.related_documents = [{ type: '03', generation_code: related.generationCode, issued_on: related.issuedOn }];
      const description = type === '05' ? p.one(['Devolución parcial de mercadería', 'Descuento por pronto pago', 'Bonificación por volumen']) : p.one(['Intereses por mora', 'Fletes no facturados', 'Ajuste de precio']);
      body.items = [{ type: type === '05' ? '1' : '2', description, quantity: '1', unit_code: '59', unit_price: p.money(1, 15), tax: 'gravada', related_document: related.generationCode }];
      return body;
    }
    case '07': {
      body.receiver = companyReceiver(p);
      body.withholdings = Array.from({ length: p.int(1, 3) }, () => {
        const paper = p.bool(0.25);
        const line: Json = {
          related_document: { type: p.bool(0.8) ? '03' : '01', generation_code: paper ? String(p.int(100, 9999)) : p.uuid(), issued_on: earlierThisMonth(p, ctx.today) },
          taxable_amount: p.money(100, 5000),
          code: '22',
        };
        if (p.bool(0.5)) line.description = p.one(['Compra de suministros de oficina', 'Servicios de mantenimiento', 'Compra de materia prima']);
        return line;
      });
      return body;
    }
    case '08': {
      body.receiver = companyReceiver(p, { fiscal_domicile: '1' });
      body.settled_documents = Array.from({ length: p.int(1, 3) }, () => {
        const line: Json = { related_document: { type: p.bool(0.7) ? '03' : '01', generation_code: p.bool(0.8) ? p.uuid() : String(p.int(100, 9999)), issued_on: earlierThisMonth(p, ctx.today) }, gravada: p.money(50, 900) };
        if (p.bool(0.3)) line.exenta = p.money(5, 80);
        if (line.related_document.type === '03' && p.bool(0.4)) line.perception = new Decimal(line.gravada).mul('0.01').toFixed(2);
        return line;
      });
      body.payment = { condition: '2' };
      body.notes = 'Liquidación de ventas en consignación';
      return body;
    }
    case '09': {
      const c = p.one(COMPANIES);
      body.receiver = { ...companyReceiver(p), name: c.name, establishment_type: '01' };
      const operations = new Decimal(p.money(1500, 20000));
      const nonPerception = p.bool(0.5) ? new Decimal(p.money(10, 300)) : new Decimal(0);
      const commission = operations.mul('0.0225').toDecimalPlaces(2);
      body.settlement = {
        period_start: `${ctx.today.slice(0, 8)}01`, period_end: ctx.today, code: `LIQ-${item}`, document_count: p.int(5, 120),
        operations_amount: operations.toFixed(2), commission: commission.toFixed(2), commission_percent: '2.25',
        responsible: { name: p.one(PEOPLE).name, document_number: p.one(PEOPLE).dui, employee_code: `E-${p.int(100, 999)}` },
      };
      if (nonPerception.gt(0)) {
        body.settlement.non_perception_amount = nonPerception.toFixed(2);
        body.settlement.non_perception_description = 'Propinas';
      }
      return body;
    }
    case '11': {
      const f = p.one(FOREIGN);
      body.receiver = { name: f.name, document_type: '37', document_number: f.doc, country: f.country, person_type: '2', activity_description: f.activity, foreign_address: f.address };
      const services = p.bool(0.15);
      if (services) {
        body.items = [{ type: '2', description: 'Servicio de diseño gráfico para exportación', quantity: '1', unit_code: '99', unit_price: p.money(300, 2500) }];
      } else {
        body.items = Array.from({ length: p.int(1, 3) }, () => {
          const g = p.one(EXPORT_GOODS);
          const line: Json = { type: '1', description: g.description, quantity: String(p.int(5, 200)), unit_code: '59', unit_price: p.money(g.price[0], g.price[1]) };
          if ('code' in g) line.code = g.code;
          return line;
        });
        body.export = { customs_office: p.one(['01', '02', '03', '04', '05']), regime: '1000.000', regime_type: 'EX-1', incoterms: p.one(['01', '02', '05', '09']), freight: p.money(0, 600), insurance: p.money(0, 200) };
      }
      body.payment = { condition: p.bool(0.5) ? '1' : '2' };
      return body;
    }
    case '14': {
      const person = p.one(PEOPLE);
      body.receiver = { name: person.name, document_type: '13', document_number: person.dui, phone: person.phone, address: { department: '06', municipality: '23', district: '14', line: p.one(['Mercado Central, puesto 45', 'Cantón El Limón, casa 12', 'Mercado La Tiendona, local 8']) } };
      body.items = [
        { type: '1', description: p.one(['Quintales de maíz', 'Libras de queso fresco', 'Docenas de huevos', 'Cajas de tomate']), quantity: String(p.int(1, 30)), unit_code: '59', unit_price: p.money(2, 40) },
      ];
      if (p.bool(0.4)) body.items.push({ type: '2', description: 'Acarreo', quantity: '1', unit_code: '99', unit_price: p.money(5, 40) });
      if (p.bool(0.5)) body.withholding = { renta: '10' };
      return body;
    }
    case '15': {
      const c = p.one(COMPANIES);
      body.receiver = { name: c.name, document_type: '36', document_number: c.nit, email: c.email, fiscal_domicile: '1', country: 'SV' };
      body.items = [{ donation_type: '1', description: 'Donación en efectivo para el programa de becas', quantity: '1', unit_code: '99', unit_price: p.money(100, 5000) }];
      if (p.bool(0.5)) body.items.push({ donation_type: '2', description: 'Computadoras portátiles usadas', quantity: String(p.int(1, 5)), unit_code: '59', unit_price: p.money(200, 600), depreciation: p.money(10, 150) });
      body.associated_documents = [{ code: '1', identification: `Resolución DGII ${p.int(1, 40)}-2025`, description: 'Autorización como entidad donataria' }];
      return body;
    }
    default:
      throw new Error(`BUG: tipo ${type} fuera de la batería`);
  }
}

/** An FE for an invalidation or a contingency episode: a plain consumer sale. */
export function plainSaleBody(item: string, ctx: BodyContext): Json {
  const p = new Pick(seededRandom(item));
  return { ...base(ctx, '01', item), receiver: { name: 'Consumidor final' }, items: goodsLines(p, p.int(1, 3), {}), payment: { condition: '1' } };
}

/** The invalidation (type 2: rescind, no replacement) of a battery FE. */
export function invalidationBody(item: string): Json {
  const p = new Pick(seededRandom(item));
  const person = p.one(PEOPLE);
  return {
    reason_type: '2',
    reason: 'Operación rescindida por el cliente',
    responsible: { name: 'Responsable de facturación', document_type: '13', document_number: '09876543-2' },
    requester: { name: person.name, document_type: '13', document_number: person.dui },
  };
}

/** A return of one unit of the first line of a battery FE whose first line sold at least one. */
export function returnBody(item: string, ctx: BodyContext): Json {
  return { external_id: `${ctx.externalPrefix}-${item}`, lines: [{ num_item: 1, quantity: '1' }] };
}

/** A special-operations report of this month's simplified invoices and vouchers so far (MH takes a month's until the 10th business day of the next). */
export function specialOperationBody(item: string, ctx: BodyContext): Json {
  const p = new Pick(seededRandom(item));
  const issuedOn = earlierThisMonth(p, ctx.today);
  const from = p.int(1, 500);
  const quantity = p.int(10, 200);
  const lines: Json[] = [
    {
      document_type: '02', range_from: String(from).padStart(4, '0'), range_to: String(from + quantity - 1).padStart(4, '0'), issued_on: issuedOn, quantity,
      description: `Facturas de venta simplificada, caja ${p.int(1, 5)}`, gravada: p.money(100, 4000),
    },
  ];
  if (p.bool(0.5)) lines[0].exenta = p.money(1, 50);
  if (p.bool(0.5)) lines.push({ document_type: '97', document_number: `CCI-${String(p.int(1, 99999)).padStart(6, '0')}`, issued_on: issuedOn, quantity: 1, description: 'Comprobante de control interno', no_sujeta: p.money(5, 200) });
  return { external_id: `${ctx.externalPrefix}-${item}`, lines };
}
