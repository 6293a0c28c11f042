import './dialog.css';
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { CloseIcon } from './icons.tsx';

export interface ModalProps {
  /** Mounted only while open; closing unmounts the content (its state starts afresh). */
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  className?: string;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A labelled modal dialog on the native <dialog> (docs/conventions.md "Accessible by default"):
 * showModal() makes the rest of the page inert; Tab and Shift+Tab also wrap inside it
 * here, Escape and the close button close it, and focus goes back to the opener. The
 * first field (or the close button) gets the focus when it opens.
 */
export function Modal({ open, ...rest }: ModalProps) {
  return open ? <OpenModal {...rest} /> : null;
}

function OpenModal({ title, onClose, children, className }: Omit<ModalProps, 'open'>) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (typeof dialog.showModal === 'function') {
      if (!dialog.open) dialog.showModal();
    } else {
      dialog.setAttribute('open', '');
    }
    const first =
      dialog.querySelector<HTMLElement>('.modal__body input:not([disabled]), .modal__body [data-autofocus]') ??
      dialog.querySelector<HTMLElement>(FOCUSABLE);
    first?.focus();
    return () => {
      if (typeof dialog.close === 'function' && dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  const onKeyDown = (e: KeyboardEvent<HTMLDialogElement>) => {
    if (e.key === 'Escape') {
      // The native dialog fires 'cancel' as well; without showModal this is the only way.
      e.preventDefault();
      onCloseRef.current();
      return;
    }
    if (e.key !== 'Tab' || !ref.current) return;
    const items = Array.from(ref.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    if (items.length === 0) return;
    const first = items[0]!;
    const last = items[items.length - 1]!;
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={ref}
      className={['dialog', 'modal', className ?? ''].filter(Boolean).join(' ')}
      aria-labelledby={titleId}
      aria-modal="true"
      onCancel={(e) => {
        e.preventDefault();
        onCloseRef.current();
      }}
      onKeyDown={onKeyDown}
    >
      <div className="modal__head">
        <h2 id={titleId} className="dialog__title modal__title">
          {title}
        </h2>
        <button type="button" className="icon-button modal__close" aria-label="Sulje" onClick={() => onCloseRef.current()}>
          <CloseIcon />
        </button>
      </div>
      <div className="modal__body">{children}</div>
    </dialog>
  );
}
