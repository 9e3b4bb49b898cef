import { useAction } from '../lib/hooks';
import { Dialog } from './dialog';
import { ErrorAlert } from './states';

/** «Eliminar …?»: one confirmation for a directory entry; documents already issued keep their data. */
export function DeleteDialog({ open, title, what, onClose, onDelete }: { open: boolean; title: string; what: string; onClose: () => void; onDelete: (key: string) => Promise<void> }) {
  const del = useAction(async (key: string) => {
    await onDelete(key);
    onClose();
  });
  return (
    <Dialog open={open} title={title} onClose={onClose} confirm={{ label: 'Eliminar', variant: 'danger', pending: del.pending, onClick: () => void del.run() }}>
      <p>
        Se quitará <strong>{what}</strong> del directorio. Los documentos ya emitidos no cambian.
      </p>
      <ErrorAlert error={del.error} />
    </Dialog>
  );
}
