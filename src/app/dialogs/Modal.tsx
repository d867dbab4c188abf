// One of the app's dialogs (viewStore's `dialog` names which is open), in the shared frame.
import type { ReactNode } from 'react';
import { ModalFrame } from '../../components/ModalFrame';
import { useViewStore, type Dialog } from '../../stores/viewStore';

const close = (id: Dialog) => {
  const view = useViewStore.getState();
  if (view.dialog === id) view.openDialog('none');
};

export function Modal({ id, title, children, wide = false }: { id: Exclude<Dialog, 'none'>; title: string; children: ReactNode; wide?: boolean }) {
  const open = useViewStore((s) => s.dialog === id);
  return (
    <ModalFrame open={open} titleId={`${id}-title`} title={title} onDismiss={() => close(id)} wide={wide}>
      {children}
    </ModalFrame>
  );
}
