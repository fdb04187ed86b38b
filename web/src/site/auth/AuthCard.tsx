import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../admin/PageTitle';
import { MenuPosition } from '../appearance/MenuPosition';

export function AuthCard({ title, children, footer }: { title: string; children: ReactNode; footer?: ReactNode }) {
  useDocumentTitle(title);
  return (
    <div className="flex flex-col items-center gap-6 px-4 py-12">
      <div className="w-full max-w-md rounded-lg border border-border bg-bg-elevated p-6 shadow-sm sm:p-8">
        <h1 className="mb-6 text-2xl font-semibold">{title}</h1>
        {children}
        {footer && <div className="mt-6 text-center text-sm text-text-muted">{footer}</div>}
      </div>
      <MenuPosition position="auth-page-footer" className="text-text-muted" />
    </div>
  );
}

export function FormError({ message }: { message?: string | null }) {
  if (!message) return null;
  return <p role="alert" className="rounded-md border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger">{message}</p>;
}
