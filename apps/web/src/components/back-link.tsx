import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { cn } from '@/lib/cn';

export function BackLink({ to, label, className }: { to: string; label: string; className?: string }) {
  return (
    <Link to={to} className={cn(buttonClasses('ghost', 'sm'), '-ml-3', className)}>
      <ArrowLeft aria-hidden="true" />
      {label}
    </Link>
  );
}
