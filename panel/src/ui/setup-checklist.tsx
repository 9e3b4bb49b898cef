import { useEffect } from 'preact/hooks';
import { listEmitters, type Emitter } from '../api/emitters.api';
import { useLoad } from '../lib/hooks';
import { href } from '../lib/router';
import type { Session } from '../lib/session';
import { LinkButton } from './button';
import { Icon } from './icons';
import { MhCredentialsGuide } from './mh-credentials-guide';
import { Loading } from './states';

interface Step {
  title: string;
  detail: string;
  done: boolean;
  action: { label: string; to: string } | null;
}

/** What is still missing before the first document, from what the account already has (it ticks itself). */
export function setupSteps(emitters: Emitter[], environment: string): Step[] {
  const first = emitters[0];
  const withPlace = emitters.find((e) => e.establishments.some((s) => s.active && s.pointsOfSale.some((p) => p.active)));
  const ready = emitters.find((e) => e.credentials.some((c) => c.environment === environment && c.certificateLoaded && c.mhLoginOk));
  const target = withPlace ?? first;
  return [
    { title: 'Registre el emisor', detail: 'La empresa que emite: NIT, NRC, actividad y dirección, como están en el MH.', done: emitters.length > 0, action: { label: 'Registrar emisor', to: '/emisores/nuevo' } },
    {
      title: 'Agregue su establecimiento y punto de venta',
      detail: 'La casa matriz o sucursal (código M001) y su caja (P001): forman el número de control.',
      done: Boolean(withPlace),
      action: first ? { label: 'Agregar establecimiento', to: `/emisores/${first.id}` } : null,
    },
    {
      title: 'Cargue las credenciales del MH',
      detail: 'El certificado de firma y la contraseña de la API de este ambiente; el panel prueba la conexión.',
      done: Boolean(ready),
      action: target ? { label: 'Cargar credenciales', to: `/credenciales?emisor=${encodeURIComponent(target.id)}` } : null,
    },
    { title: 'Emita su primer documento', detail: 'Una factura o un crédito fiscal: los totales los calcula el servicio antes de enviar.', done: false, action: ready ? { label: 'Emitir documento', to: '/emitir' } : null },
  ];
}

/** «Primeros pasos»: the documents screen of an account with nothing yet (ADR 0047). */
export default function SetupChecklist({ session }: { session: Session }) {
  const emitters = useLoad(() => listEmitters(null).then((p) => p.nodes), [session.environment]);
  // Done elsewhere (another tab, the ERP through the API): looked at again when the person comes back.
  useEffect(() => {
    const again = () => document.visibilityState === 'visible' && emitters.reload();
    window.addEventListener('focus', again);
    document.addEventListener('visibilitychange', again);
    return () => {
      window.removeEventListener('focus', again);
      document.removeEventListener('visibilitychange', again);
    };
  }, []);
  if (!emitters.data) return <Loading />;
  const steps = setupSteps(emitters.data, session.environment);
  const next = steps.findIndex((s) => !s.done);
  return (
    <section class="setup" aria-labelledby="setup-title">
      <h2 id="setup-title">Primeros pasos</h2>
      <p class="muted">Cuatro pasos para emitir su primer documento. Cada uno se marca solo cuando está hecho.</p>
      <ol class="setup-steps">
        {steps.map((s, i) => (
          <li key={s.title} class={s.done ? 'done' : i === next ? 'current' : ''} aria-current={i === next ? 'step' : undefined}>
            <span class="setup-mark" aria-hidden="true">
              {s.done ? <Icon name="check" size={16} /> : i + 1}
            </span>
            <div class="setup-text">
              <span class="strong">{s.title}</span>
              <span class="sr-only">{s.done ? ' (hecho)' : ' (pendiente)'}</span>
              <p class="muted">{s.detail}</p>
              {i === 2 && !s.done ? <MhCredentialsGuide /> : null}
            </div>
            {!s.done && s.action && i === next ? (
              <LinkButton variant="primary" size="sm" href={href(s.action.to)}>
                {s.action.label}
              </LinkButton>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
