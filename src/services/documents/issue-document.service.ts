import { buildDte, hasDirectoryReferences, parseDocumentCreate, parseDocumentCreateBody, type DocumentCreateInput, type Totals } from '../../domain/dte';
import { allowsContingency } from '../../domain/dte/dte.types';
import { DomainError } from '../../domain/shared/domain-error';
import { IdPrefix, newId } from '../../domain/shared/ids';
import type { Numbering } from '../../domain/numbering/control-number';
import { signCompact } from '../../integrations/signer/jws-signer';
import { signingKeyFrom } from '../credentials/signing-key';
import { issuingActor, type Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { isUniqueViolation } from '../shared/unique-violation';
import { statementEm } from '../shared/sql';
import { issuedLinesOf, type DocumentView } from '../../domain/documents';
import { allocateControlNumber, type CounterRequest } from './allocate-control-number';
import { issuanceCommitterFor, type PreparedIssuance } from './issuance-committer';
import { loadIssuer, resolveIssuanceContext, type Issuer } from './issuance-context';
import { mhCredentialsFrom } from './mh-credentials-for';
import type { MhCredentials } from '../../integrations/mh-client';
import { openEpisode } from '../contingency/open-contingency.service';
import { transmitInRequest } from './transmit-in-request';
import { transmitLeaseMs, type Claimed, type TransmitDocumentService, type TransmitOutcome } from './transmit-document.service';
import { linkCreatedResource, markLinked, resumedResource } from '../idempotency/idempotency-handle';
import { assertKeyMayIssue } from '../emitters/emitter-access';
import { applyReferenceFollowUp, resolveDirectoryReferences, type ReferenceFollowUp } from './issuance-references';

export interface IssueOptions {
  dryRun: boolean;
  /** `sync` waits for MH (up to SYNC_WAIT_MS); `async` answers at once. */
  mode?: 'sync' | 'async';
}

type Json = Record<string, unknown>;

function receiverSummary(input: DocumentCreateInput, json: Json): DocumentView['receiver'] {
  if (input.receiver) {
    const r = input.receiver;
    return { name: r.name ?? null, documentType: r.documentType ?? null, documentNumber: r.documentNumber ?? null, nrc: r.nrc ?? null, email: r.email ?? null };
  }
  const r = json.receptor as Json | null | undefined;
  if (!r) return null;
  const nit = typeof r.nit === 'string' ? r.nit : null;
  return {
    name: (r.nombre as string) ?? null,
    documentType: nit ? '36' : ((r.tipoDocumento as string) ?? null),
    documentNumber: nit ?? ((r.numDocumento as string) ?? null),
    nrc: (r.nrc as string) ?? null,
    email: (r.correo as string) ?? null,
  };
}

/**
 * Issues a document: validates the body (shape, catalogs, business rules, official schema), then —
 * unless it is a dry run, which stores and spends nothing — allocates the control number, signs the
 * official JSON (RS512) and stores the exact signed text with its `created` and `signed` events,
 * all in one transaction. Transmission to MH follows (see transmit-document).
 */
export class IssueDocumentService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly transmitter: TransmitDocumentService,
  ) {}

  async execute(caller: Actor, body: unknown, opts: IssueOptions): Promise<DocumentView> {
    // With a panel session the body's environment decides for this document (see issuingActor).
    const actor = issuingActor(caller, (body as { environment?: unknown } | null)?.environment);
    // The same request again after its first run died with the document committed: that document, as it is now.
    const issued = resumedResource(actor, 'document');
    if (issued) return this.current(actor, issued);
    // A limited key is refused for another emitter or type before anything else is judged (ADR 0054).
    const claimed = (body ?? {}) as { emitterId?: unknown; type?: unknown };
    assertKeyMayIssue(actor, claimed.emitterId, claimed.type);
    // A customer or products of the directory named: resolved into a full body first (one statement).
    let followUp: ReferenceFollowUp | null = null;
    let issuable = body;
    if (hasDirectoryReferences(body)) {
      const withRefs = parseDocumentCreateBody(body);
      if (!withRefs.ok) throw DomainError.validation(withRefs.errors as never);
      const resolved = await resolveDirectoryReferences(statementEm(this.deps.orm), actor, withRefs.value, this.deps.emitterCaches?.references);
      issuable = resolved.body;
      followUp = resolved.followUp;
    }
    const parsed = parseDocumentCreate(issuable);
    if (!parsed.ok) throw DomainError.validation(parsed.errors as never);
    const input = parsed.value;
    // Reads only (raw statements): the shared statement entity manager, no fork.
    const em = statementEm(this.deps.orm);
    const issuer = await loadIssuer(em, actor, input.emitterId, { establishment: input.establishment, pointOfSale: input.pointOfSale }, this.deps.emitterCaches?.issuers);
    const emitter = issuer.emitter;
    const now = this.deps.clock.now();
    const mh = this.deps.config.mh;
    if (!opts.dryRun && actor.environment === '01' && mh.mode === 'simulator' && !mh.simulatorAllowProduction) {
      throw new DomainError(
        'production_not_allowed',
        'El servicio está conectado al simulador del MH: un documento de producción (llave sk_live_) recibiría un sello falso. Configure MH_MODE=remote para emitir en producción; las simulaciones (dry_run) sí se permiten.',
      );
    }
    // While MH is known to be unreachable for this issuer, documents are born as contingency documents.
    // CL, DCL and CD are never contingency documents: during an outage they are signed normally and wait.
    const episode = opts.dryRun || !allowsContingency(input.type) ? null : issuer.openEpisode;
    const contingency = episode && input.raw === undefined ? { type: episode.contingency_type, reason: episode.contingency_type === 5 ? episode.reason : null } : null;
    const ctx = await resolveIssuanceContext(em, actor, emitter, input, now, { documents: this.deps.documents, feReceiverThreshold: this.deps.config.feReceiverThreshold, contingency, place: issuer.place });
    const built = buildDte(input, ctx.build);
    if (!built.ok) throw DomainError.validation(built.errors as never);
    const json = built.json as Json;
    const ident = json.identificacion as Json;
    const receiver = receiverSummary(input, json);

    if (opts.dryRun) {
      return {
        ...this.viewFromBuilt(actor, input, ctx.build.issuedAt, built.totals, built.warnings, receiver, emitter.name),
        relatedDocuments: ctx.related.map((r) => ({ id: r.id, type: r.type, generationCode: r.generationCode })),
        json,
        ...issuedLinesOf(json),
      };
    }

    // Fails before any number is spent when the issuer has no certificate for this environment.
    const key = signingKeyFrom(this.deps, emitter.id, actor.environment, issuer.credential);
    const placeholder = ctx.build.controlNumber;
    const id = newId(IdPrefix.document, now.getTime());
    const held = contingency !== null;
    const mode = opts.mode ?? 'sync';
    // A sync issuance numbered here, with the issuer's MH user at hand, is stored already claimed for
    // its first send (status `sending`, leased, the send counted): the transmitter's claim is saved.
    const creds = !held && mode === 'sync' && ident.numeroControl === placeholder ? this.mhCredentials(emitter, actor.environment, issuer.credential) : null;
    const claim = creds !== null;
    const counter: CounterRequest = {
      emitterId: emitter.id,
      numbering: emitter.numbering as Numbering,
      environment: actor.environment,
      type: input.type,
      issuedAt: ctx.build.issuedAt,
      establishment: input.establishment,
      pointOfSale: input.pointOfSale,
    };
    const row: PreparedIssuance['row'] = {
      id,
      account_id: actor.accountId,
      emitter_id: emitter.id,
      environment: actor.environment,
      type: input.type,
      status: held ? 'contingency' : claim ? 'sending' : 'signed',
      external_id: input.externalId ?? null,
      generation_code: String(ident.codigoGeneracion),
      establishment_code: input.establishment,
      point_of_sale_code: input.pointOfSale,
      issued_at: ctx.build.issuedAt,
      issue_date: String(ident.fecEmi),
      model_type: Number(ident.tipoModelo),
      contingency_type: (ident.tipoContingencia as number | null) ?? null,
      contingency_reason: (ident.motivoContin as string | null) ?? null,
      subtotal: built.totals.subtotal,
      iva: built.totals.iva,
      total: built.totals.total,
      total_in_words: built.totals.totalInWords,
      receiver_name: receiver?.name ?? null,
      receiver_document_type: receiver?.documentType ?? null,
      receiver_document_number: receiver?.documentNumber ?? null,
      receiver_nrc: receiver?.nrc ?? null,
      receiver_email: receiver?.email ?? null,
      related_documents: ctx.related,
      warnings: built.warnings,
      request: input,
      contingency_episode_id: null,
      transmit_lease_until: claim ? new Date(now.getTime() + transmitLeaseMs(this.deps.config.mh)) : null,
      transmission_attempts: claim ? 1 : 0,
      first_transmitted_at: claim ? now : null,
      operation_type: Number(ident.tipoOperacion),
      send_email: input.sendEmail ?? false,
      fiscal_tags: {},
      created_at: now,
      reception_stamp: null,
      processed_at: null,
      mh_response: null,
      rejected_at: null,
      voided_at: null,
      void: null,
      replaces_document_id: null,
      replaced_by_document_id: null,
    };
    let transmitNow: (() => Promise<TransmitOutcome>) | null = null;
    try {
      if (!held && ident.numeroControl === placeholder) {
        // The common case: numbered, signed and stored together with concurrent issuances of the same sequence.
        const signed = await issuanceCommitterFor(this.deps).commit({ counter, json, key, pointOfSaleId: ctx.pointOfSale.id, row, idempotency: actor.idempotency });
        if (creds) {
          const doc: Claimed = { id, account_id: actor.accountId, environment: actor.environment, emitter_id: emitter.id, type: input.type, generation_code: row.generation_code, jws: signed.jws, model_type: 1, transmission_attempts: 0, first_transmitted_at: now, send_recorded: true };
          transmitNow = () => this.transmitter.executeClaimed(doc, creds, { returnView: true });
        }
      } else {
        const documents = this.deps.documents;
        await documents.transaction(async (tx) => {
          const episodeId = held ? await openEpisode(this.deps, tx, { account_id: actor.accountId, emitter_id: emitter.id, environment: actor.environment }, episode!.reason ?? 'MH sin respuesta') : null;
          if (ident.numeroControl === placeholder) ident.numeroControl = await allocateControlNumber(tx.em, counter);
          const controlNumber = String(ident.numeroControl);
          const text = JSON.stringify(json);
          const jws = signCompact(text, key);
          const signedAt = this.deps.clock.now();
          await documents.insertBorn(tx, [
            { row: { ...row, contingency_episode_id: episodeId, control_number: controlNumber, dte_json: text, jws, signed_at: signedAt, updated_at: signedAt }, pointOfSaleId: ctx.pointOfSale.id },
          ]);
          await linkCreatedResource(tx.em, actor, 'document', id);
        });
        markLinked([actor.idempotency]);
      }
    } catch (err) {
      if (isUniqueViolation(err)) {
        throw DomainError.field('generation_code_taken', 'raw.identificacion.codigoGeneracion', `El código de generación ${String(ident.codigoGeneracion)} ya fue usado por otro documento.`);
      }
      throw err;
    }
    if (followUp) await applyReferenceFollowUp(this.deps.orm.em.fork(), actor, emitter.id, followUp, now, (id) => this.deps.emitterCaches?.forget(id));
    const outcome = held ? null : await transmitInRequest(this.deps, id, mode, transmitNow ?? (() => this.transmitter.execute(id)));
    // A sync transmission that ended in time answers the document its final status change read back.
    const changed = outcome && 'view' in outcome ? outcome.view : null;
    // Its lines as signed: the JSON this request built and signed (a status change's view reads no JSON).
    if (changed) return changed.items !== undefined ? changed : { ...changed, ...issuedLinesOf(json) };
    return this.current(actor, id);
  }

  private async current(actor: Actor, id: string): Promise<DocumentView> {
    const view = await this.deps.documents.view(actor, id, this.deps.baseUrl());
    if (!view) throw new Error(`BUG: documento ${id} no encontrado después de emitirlo`);
    return view;
  }

  /** The issuer's MH API credentials from the issuer query (null when missing or unreadable: the transmitter decides then). */
  private mhCredentials(emitter: { id: string; nit: string }, environment: string, credential: Issuer['credential']): MhCredentials | null {
    if (!credential) return null;
    try {
      return mhCredentialsFrom(this.deps, emitter.id, environment, { nit: emitter.nit, mh_user: credential.mh_user, sealed_mh_password: credential.sealed_mh_password });
    } catch {
      return null;
    }
  }

  private viewFromBuilt(
    actor: Actor,
    input: DocumentCreateInput,
    issuedAt: Date,
    totals: Totals,
    warnings: { code: string; message: string }[],
    receiver: DocumentView['receiver'],
    emitterName: string,
  ): DocumentView {
    return {
      id: null,
      emitterId: input.emitterId,
      environment: actor.environment,
      type: input.type,
      status: 'validated',
      externalId: input.externalId ?? null,
      notes: input.notes ?? null,
      generationCode: null,
      controlNumber: null,
      receptionStamp: null,
      processedAt: null,
      issuedAt,
      totals,
      mhResponse: null,
      publicUrl: null,
      pdfUrl: null,
      jsonUrl: null,
      createdAt: null,
      emitterName,
      establishment: input.establishment,
      pointOfSale: input.pointOfSale,
      receiver,
      relatedDocuments: [],
      voidedAt: null,
      void: null,
      warnings,
      events: [],
      replacesDocumentId: null,
      replacedByDocumentId: null,
      dryRun: true,
      json: null,
    };
  }
}
