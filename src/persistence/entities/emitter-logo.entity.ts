import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * The logo an issuer uploaded from the panel or `PUT /v1/emitters/{id}/logo` (ADR 0046): the image
 * itself, kept in the database with the issuer (backups, every instance and the embedded database see
 * it), served at `GET /v1/emitters/{id}/logo` and drawn on the issuer's PDFs. One per issuer; owned by
 * the emitters services.
 */
@Entity({ tableName: 'emitter_logos' })
export class EmitterLogoEntity {
  @PrimaryKey({ type: 'text' })
  emitterId!: string;

  /** `image/png` or `image/jpeg`. */
  @Property({ type: 'text' })
  mediaType!: string;

  @Property({ type: 'blob' })
  content!: Buffer;

  @Property({ type: 'integer' })
  bytes!: number;

  /** SHA-256 of the content, hex: the served image's ETag and the link's version. */
  @Property({ type: 'text' })
  sha256!: string;

  @Property({ type: 'timestamptz' })
  updatedAt!: Date;
}
