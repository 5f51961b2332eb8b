import { useEffect, useRef } from "react";
import { Link, useNavigate } from "react-router";

/**
 * A dialog that is a page state (?edit=3): the server renders it open, so it works without
 * JavaScript (its close button is a link back); with JavaScript it becomes a modal dialog
 * (focus kept inside, Escape closes it) over the page.
 */
export function RouteDialog({
  titleId,
  title,
  closeTo,
  closeLabel,
  children,
}: {
  titleId: string;
  title: string;
  closeTo: string;
  closeLabel: string;
  children: React.ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (dialog.open && !dialog.matches(":modal")) {
      dialog.close();
      dialog.showModal();
    }
    const cancel = (event: Event) => {
      event.preventDefault();
      navigate(closeTo, { preventScrollReset: true });
    };
    dialog.addEventListener("cancel", cancel);
    return () => dialog.removeEventListener("cancel", cancel);
  }, [closeTo, navigate]);
  return (
    <dialog
      ref={ref}
      open
      aria-labelledby={titleId}
      className="fixed inset-0 z-40 m-auto max-h-[90vh] w-[min(40rem,calc(100vw-2rem))] overflow-y-auto rounded-2xl border border-slate-300 bg-white p-5 text-slate-900 shadow-2xl backdrop:bg-slate-900/60 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100"
    >
      <div className="mb-4 flex items-start justify-between gap-4">
        <h2 id={titleId} className="text-xl font-semibold">
          {title}
        </h2>
        <Link to={closeTo} preventScrollReset className="rounded px-2 text-2xl leading-none" aria-label={closeLabel}>
          ×
        </Link>
      </div>
      {children}
    </dialog>
  );
}
