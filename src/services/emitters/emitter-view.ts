/**
 * What the doors (GraphQL, REST) may read of an emitter and its establishments. The services hand out
 * their stored records, which have these fields; the doors map from these shapes, never from the
 * persistence layer, so a storage detail does not leak into an API.
 */
export interface AddressView {
  department: string;
  municipality: string;
  district: string;
  line: string;
}

export interface EmitterView {
  id: string;
  nit: string;
  nrc: string;
  name: string;
  tradeName: string | null;
  economicActivity: string;
  establishmentType: string | null;
  address: AddressView;
  phone: string | null;
  email: string;
  numbering: string;
  logoUrl: string | null;
  isLargeTaxpayer: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export interface PointOfSaleView {
  code: string;
  name: string | null;
  active: boolean;
  position: number;
}

export interface EstablishmentView {
  id: string;
  emitter: { id: string };
  code: string;
  name: string | null;
  type: string;
  address: AddressView;
  phone: string | null;
  email: string | null;
  active: boolean;
  /** Loaded with the establishment or not (then the doors show none). */
  pointsOfSale: { isInitialized(): boolean; getItems(): readonly PointOfSaleView[] };
  createdAt: Date;
  updatedAt: Date;
}
