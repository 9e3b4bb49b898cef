import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { ROLE_LABELS } from '../lib/format';
import { useAction } from '../lib/hooks';
import { href } from '../lib/router';
import { can, logout, switchEnvironment, type Session } from '../lib/session';
import { Brand } from './brand';
import { Icon, type IconName } from './icons';
import { toast } from './toast';

interface NavItem {
  to: string;
  label: string;
  icon: IconName;
  /** Only for roles that may change things (a read-only user would reach a dead end). */
  writes?: true;
}

const NAV: { group: string; items: NavItem[] }[] = [
  {
    group: 'Facturación',
    items: [
      { to: '/documentos', label: 'Documentos', icon: 'documents' },
      { to: '/emitir', label: 'Emitir documento', icon: 'plus', writes: true },
      { to: '/clientes', label: 'Clientes', icon: 'users' },
      { to: '/productos', label: 'Productos', icon: 'list' },
      { to: '/emitir/lote', label: 'Emisión masiva', icon: 'upload', writes: true },
      { to: '/recurrentes', label: 'Facturas recurrentes', icon: 'clock' },
      { to: '/emisores', label: 'Emisores', icon: 'building' },
      { to: '/credenciales', label: 'Credenciales del MH', icon: 'shield' },
    ],
  },
  { group: 'Contabilidad', items: [{ to: '/fiscal', label: 'Libros fiscales', icon: 'book' }] },
  {
    group: 'Integración',
    items: [
      { to: '/webhooks', label: 'Webhooks', icon: 'webhook' },
      { to: '/llaves', label: 'Llaves de API', icon: 'key' },
    ],
  },
  {
    group: 'Cuenta',
    items: [
      { to: '/consumo', label: 'Consumo y plan', icon: 'chart' },
      { to: '/usuarios', label: 'Usuarios', icon: 'users' },
      { to: '/auditoria', label: 'Auditoría', icon: 'list' },
      { to: '/seguridad', label: 'Seguridad', icon: 'shield' },
    ],
  },
];

function EnvironmentSwitch({ session }: { session: Session }) {
  const production = session.environment === '01';
  const change = useAction(async (_key: string) => {
    await switchEnvironment(production ? '00' : '01');
    toast(production ? 'Ahora trabaja en el ambiente de prueba del MH.' : 'Ahora trabaja en producción: los documentos tienen validez fiscal.', 'info');
  });
  useEffect(() => {
    if (change.error) toast(change.error.message, 'danger');
  }, [change.error]);
  return (
    <div class="env-switch">
      <button type="button" role="switch" aria-checked={production ? 'true' : 'false'} class={`switch${production ? ' on' : ''}`} disabled={change.pending} onClick={() => void change.run()}>
        <span class="switch-track" aria-hidden="true">
          <span class="switch-thumb" />
        </span>
        <span class="switch-label">Producción</span>
      </button>
      {production ? null : (
        <span class="badge badge-test" title="Ambiente 00: los documentos se envían al ambiente de prueba del MH y no tienen validez fiscal.">
          Pruebas
        </span>
      )}
    </div>
  );
}

export function Shell({ session, path, children }: { session: Session; path: string; children: ComponentChildren }) {
  const [menuOpen, setMenuOpen] = useState(false);
  useEffect(() => setMenuOpen(false), [path]);
  const out = useAction(async () => {
    await logout();
  });
  const matches = (to: string) => path === to || path.startsWith(`${to}/`);
  // The most specific item is the current one («Emisión masiva» under /emitir/lote, not «Emitir documento»).
  const current = NAV.flatMap((g) => g.items.map((i) => i.to)).filter(matches).sort((a, b) => b.length - a.length)[0];
  const active = (to: string) => to === current;
  return (
    <div class={`shell${menuOpen ? ' menu-open' : ''}${session.environment === '00' ? ' env-test' : ' env-live'}`}>
      <a class="skip-link" href="#contenido">
        Saltar al contenido
      </a>
      <aside class="sidebar" id="menu-principal">
        <Brand />
        <nav aria-label="Navegación principal">
          {NAV.map((g) => (
            <div key={g.group} class="nav-group">
              <p class="nav-group-title">{g.group}</p>
              <ul>
                {g.items.filter((item) => !item.writes || can(session, 'write')).map((item) => (
                  <li key={item.to}>
                    <a href={href(item.to)} class={active(item.to) ? 'active' : undefined} aria-current={active(item.to) ? 'page' : undefined}>
                      <Icon name={item.icon} />
                      <span>{item.label}</span>
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      </aside>
      <div class="sidebar-backdrop" onClick={() => setMenuOpen(false)} aria-hidden="true" />
      <div class="main-column">
        <header class="topbar">
          <button type="button" class="icon-btn menu-btn" aria-label={menuOpen ? 'Cerrar menú' : 'Abrir menú'} aria-expanded={menuOpen ? 'true' : 'false'} aria-controls="menu-principal" onClick={() => setMenuOpen(!menuOpen)}>
            <Icon name={menuOpen ? 'close' : 'menu'} />
          </button>
          <EnvironmentSwitch session={session} />
          <div class="topbar-user">
            <span class="user-email" title={session.user.email}>
              {session.user.email}
            </span>
            <span class="user-role">{ROLE_LABELS[session.user.role] ?? session.user.role}</span>
          </div>
          <button type="button" class="btn btn-ghost logout-btn" onClick={() => void out.run()} disabled={out.pending}>
            <Icon name="logout" />
            <span>Cerrar sesión</span>
          </button>
        </header>
        <main id="contenido" class="content" tabIndex={-1}>
          {children}
        </main>
      </div>
    </div>
  );
}
