import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { toast } from '@/lib/toast';

/** A setting that is one switch: read from its own GET, written whole by its PUT. */
export interface SwitchSettingSource<Name extends string> {
  queryKey: readonly string[];
  read: (signal: AbortSignal) => Promise<Record<Name, boolean>>;
  write: (body: Record<Name, boolean>) => Promise<Record<Name, boolean>>;
  name: Name;
}

/** What the card says, already translated (each caller has its own namespace). */
export interface SwitchSettingTexts {
  title: string;
  label: string;
  hint: string;
  saved: string;
  failed: (error: unknown) => string;
  loadFailed?: string;
}

/** A settings card with one switch, saved as soon as it is flipped (the switch shows the new value meanwhile). */
export function SwitchSetting<Name extends string>({
  source,
  texts,
  icon: Icon,
  children,
}: {
  source: SwitchSettingSource<Name>;
  texts: SwitchSettingTexts;
  icon: LucideIcon;
  children?: ReactNode;
}) {
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: source.queryKey, queryFn: ({ signal }) => source.read(signal), staleTime: 0 });
  const save = useMutation({
    mutationFn: source.write,
    onSuccess: (saved) => {
      queryClient.setQueryData(source.queryKey, saved);
      toast.success(texts.saved);
    },
    onError: (error) => toast.error(texts.failed(error)),
  });
  const checked = (save.isPending ? save.variables?.[source.name] : settings.data?.[source.name]) ?? false;
  return (
    <Card className="flex flex-col gap-3 p-6">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <Icon aria-hidden="true" className="size-5 text-brand-700" />
        {texts.title}
      </h2>
      <label className="flex items-start gap-3 text-sm">
        <input
          type="checkbox"
          className="mt-0.5 size-4 accent-brand-700"
          checked={checked}
          disabled={!settings.data || save.isPending}
          onChange={(event) => save.mutate({ [source.name]: event.target.checked } as Record<Name, boolean>)}
        />
        <span className="flex flex-col gap-1">
          <span className="font-medium">{texts.label}</span>
          <span className="text-stone-600">{texts.hint}</span>
        </span>
      </label>
      {settings.isError && texts.loadFailed ? <p className="text-sm text-red-700">{texts.loadFailed}</p> : null}
      {children}
    </Card>
  );
}
