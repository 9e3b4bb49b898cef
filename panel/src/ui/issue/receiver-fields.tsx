import { receiverKind, type DteType, type ReceiverDraft } from '../../lib/issue-draft';
import { ConsumerReceiver } from './receiver-consumer';
import { ExcludedSubjectReceiver } from './receiver-excluded';
import { ForeignReceiver } from './receiver-foreign';
import { TaxpayerReceiver } from './receiver-taxpayer';

/** The card title of the receiver part: who the other party is for each type. */
export function receiverTitle(type: DteType): string {
  if (type === '01') return 'Receptor (opcional)';
  if (type === '11') return 'Receptor en el exterior';
  if (type === '14') return 'Sujeto excluido';
  if (type === '15') return 'Donante';
  return 'Receptor (contribuyente)';
}

/** The receiver part the type needs. */
export function ReceiverFields({ type, value, onChange }: { type: DteType; value: ReceiverDraft; onChange: (r: ReceiverDraft) => void }) {
  const kind = receiverKind(type);
  if (kind === 'consumer') return <ConsumerReceiver value={value} onChange={onChange} />;
  if (kind === 'foreign') return <ForeignReceiver value={value} onChange={onChange} />;
  if (kind === 'excluded') return <ExcludedSubjectReceiver value={value} onChange={onChange} />;
  return <TaxpayerReceiver type={type} value={value} onChange={onChange} />;
}
