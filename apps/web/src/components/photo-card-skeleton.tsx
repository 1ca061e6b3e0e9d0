import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

/** A card with a photo on top while it loads: the photo's place, then the text lines given (`gap`: their spacing). */
export function PhotoCardSkeleton({ gap, children }: { gap: 'gap-2' | 'gap-3'; children: ReactNode }) {
  return (
    <Card className="overflow-hidden">
      <Skeleton className="aspect-[4/3] w-full rounded-none" />
      <div className={`flex flex-col ${gap} p-5`}>{children}</div>
    </Card>
  );
}
