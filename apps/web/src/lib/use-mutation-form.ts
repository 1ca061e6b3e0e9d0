import type { z } from 'zod';
import { errorMessage } from '@/lib/error-message';
import type { TFunction } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { useZodForm, type FormMessages } from '@/lib/use-zod-form';

/** What the form needs of a mutation (react-query's `mutate`). */
export interface Mutate<Variables, Data> {
  mutate: (variables: Variables, options: { onSuccess: (data: Data) => void; onError: (error: unknown) => void }) => void;
}

/**
 * A form checked by its schema ({@link useZodForm}) whose valid body is sent by a mutation: on success `onSaved`,
 * on failure the error's translated message (or the `failedKey` text) is toasted and, when the server names one
 * of the form's fields (or its code belongs to one, `fieldOfCode`), shown under that field (not with
 * `fieldOfCode: false`: the toast only).
 */
export function useMutationForm<S extends z.ZodType, Variables, Data>({
  schema,
  messages,
  t,
  values,
  mutation,
  variables,
  onSaved,
  failedKey,
  fieldOfCode,
}: {
  schema: S;
  messages: FormMessages;
  t: TFunction;
  values?: () => Record<string, unknown>;
  mutation: Mutate<Variables, Data>;
  /** The mutation's variables for a valid body. */
  variables: (body: z.output<S>) => Variables;
  onSaved?: (data: Data, body: z.output<S>) => void;
  failedKey: string;
  fieldOfCode?: Partial<Record<string, string>> | false;
}) {
  const form = useZodForm({
    schema,
    messages,
    t,
    ...(values ? { values } : {}),
    onValid: (body) =>
      mutation.mutate(variables(body), {
        onSuccess: (data) => onSaved?.(data, body),
        onError: (error) => {
          const text = errorMessage(t, error, failedKey);
          if (fieldOfCode !== false) form.showServerError(error, text, fieldOfCode);
          toast.error(text);
        },
      }),
  });
  return form;
}
