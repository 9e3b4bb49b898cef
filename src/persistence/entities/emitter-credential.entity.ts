import { Entity, ManyToOne, PrimaryKey, Property, Unique, type Rel } from '@mikro-orm/core';
import { EmitterEntity } from './emitter.entity';

/**
 * An issuer's certificate and MH credentials for one environment. The private key, its password and
 * the MH password are sealed with the master key (AES-256-GCM) and never leave the service.
 */
@Entity({ tableName: 'emitter_credentials' })
@Unique({ properties: ['emitter', 'environment'] })
export class EmitterCredentialEntity {
  @PrimaryKey({ type: 'text' })
  id!: string;

  @ManyToOne(() => EmitterEntity, { fieldName: 'emitter_id', deleteRule: 'cascade' })
  emitter!: Rel<EmitterEntity>;

  @Property({ type: 'text' })
  environment!: string;

  /** `mh-xml` or `pkcs12` */
  @Property({ type: 'text' })
  certificateFormat!: string;

  @Property({ type: 'text' })
  certificateNit!: string;

  @Property({ type: 'text', nullable: true })
  certificateSubject: string | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  certificateValidFrom: Date | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  certificateValidUntil: Date | null = null;

  /** SubjectPublicKeyInfo DER, base64 (public, used to verify). */
  @Property({ type: 'text' })
  publicKeySpki!: string;

  /** Sealed PKCS#8 DER private key. */
  @Property({ type: 'text' })
  sealedPrivateKey!: string;

  /** Sealed private key password. */
  @Property({ type: 'text' })
  sealedKeyPassword!: string;

  /** MH API user (the issuer's NIT; not secret). */
  @Property({ type: 'text', nullable: true })
  mhUser: string | null = null;

  @Property({ type: 'text', nullable: true })
  sealedMhPassword: string | null = null;

  @Property({ type: 'boolean' })
  mhLoginOk: boolean = false;

  @Property({ type: 'timestamptz', nullable: true })
  checkedAt: Date | null = null;

  @Property({ type: 'text', nullable: true })
  message: string | null = null;

  /** Bumped on every upload so cached signing keys of the previous certificate are dropped. */
  @Property({ type: 'integer' })
  version: number = 1;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz' })
  updatedAt: Date = new Date();
}
