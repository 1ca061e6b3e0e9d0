import type { TwoFactorSetupResponse } from '@roomweek/contract';
import { KeyRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { errorMessage } from '@/lib/error-message';
import { useTranslation } from '@/lib/i18n';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useTwoFactorDisable, useTwoFactorEnable, useTwoFactorSetup } from '../api/security';

/**
 * The account page's two-factor sign-in (docs/decisions/0034): enrolment (QR code drawn by the server, a first code
 * confirms it, the recovery codes shown once), and turning it off with the password and a code.
 */
export function TwoFactorSettings() {
  const { t } = useTranslation(['security', 'common']);
  const { user } = useSession();
  const [setup, setSetup] = useState<TwoFactorSetupResponse | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const start = useTwoFactorSetup();
  if (!user) return null;

  let body;
  if (recoveryCodes) {
    body = <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />;
  } else if (user.two_factor_enabled) {
    body = <DisableForm />;
  } else if (setup) {
    body = (
      <EnableForm
        setup={setup}
        onEnabled={(codes) => {
          setSetup(null);
          setRecoveryCodes(codes);
        }}
        onCancel={() => setSetup(null)}
      />
    );
  } else {
    body = (
      <>
        <p className="text-sm text-stone-600">{t('twoFactor.off')}</p>
        <Button
          className="self-start"
          disabled={start.isPending}
          onClick={() => start.mutate(undefined, { onSuccess: setSetup, onError: (error) => toast.error(errorMessage(t, error, 'twoFactor.failed')) })}
        >
          <KeyRound aria-hidden="true" />
          {start.isPending ? t('twoFactor.starting') : t('twoFactor.start')}
        </Button>
      </>
    );
  }
  return (
    <Card className="flex flex-col gap-4 p-6" data-testid="two-factor">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <KeyRound aria-hidden="true" className="size-5 text-brand-600" />
        {t('twoFactor.title')}
      </h2>
      {user.two_factor_enrolment_required ? (
        <p role="alert" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          {t('require.notice')}
        </p>
      ) : null}
      {body}
    </Card>
  );
}

function EnableForm({ setup, onEnabled, onCancel }: { setup: TwoFactorSetupResponse; onEnabled: (codes: string[]) => void; onCancel: () => void }) {
  const { t } = useTranslation(['security', 'common']);
  const enable = useTwoFactorEnable();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!code.trim()) return setError(t('twoFactor.required'));
    setError(undefined);
    enable.mutate(code, {
      onSuccess: ({ recovery_codes: codes }) => {
        toast.success(t('twoFactor.enabled'));
        onEnabled(codes);
      },
      onError: (failure) => setError(errorMessage(t, failure, 'twoFactor.failed')),
    });
  };
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <p className="text-sm text-stone-600">{t('twoFactor.scan')}</p>
      {/* The server's SVG shown as an image: it cannot run anything in the page. */}
      <img
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qr_svg)}`}
        alt={t('twoFactor.qrAlt')}
        className="size-48 self-start rounded border border-stone-200 bg-white"
      />
      <p className="text-sm">
        {t('twoFactor.secretLabel')}: <code className="font-mono break-all" data-testid="two-factor-secret">{setup.secret}</code>
      </p>
      <FormField
        label={t('twoFactor.code')}
        name="code"
        autoComplete="one-time-code"
        inputMode="numeric"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={error}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={enable.isPending}>
          {enable.isPending ? t('twoFactor.confirming') : t('twoFactor.confirm')}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel}>
          {t('twoFactor.cancel')}
        </Button>
      </div>
    </form>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation(['security', 'common']);
  return (
    <div className="flex flex-col gap-3">
      <h3 className="font-semibold">{t('twoFactor.recoveryTitle')}</h3>
      <p className="text-sm text-stone-600">{t('twoFactor.recoveryText')}</p>
      <ul className="grid grid-cols-2 gap-2 font-mono text-sm" aria-label={t('twoFactor.recoveryTitle')}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <Button className="self-start" onClick={onDone}>
        {t('twoFactor.recoveryDone')}
      </Button>
    </div>
  );
}

function DisableForm() {
  const { t } = useTranslation(['security', 'common']);
  const disable = useTwoFactorDisable();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  if (!open) {
    return (
      <>
        <p className="text-sm text-stone-600">{t('twoFactor.on')}</p>
        <Button variant="outline" className="self-start" onClick={() => setOpen(true)}>
          {t('twoFactor.disable')}
        </Button>
      </>
    );
  }
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!password || !code.trim()) return setError(t('twoFactor.required'));
    setError(undefined);
    disable.mutate(
      { current_password: password, code },
      {
        onSuccess: () => {
          toast.success(t('twoFactor.disabled'));
          setOpen(false);
        },
        onError: (failure) => setError(errorMessage(t, failure, 'twoFactor.failed')),
      },
    );
  };
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <FormField label={t('twoFactor.password')} name="current_password" type="password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} />
      <FormField
        label={t('twoFactor.code')}
        name="code"
        autoComplete="one-time-code"
        inputMode="numeric"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={error}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="destructive-outline" disabled={disable.isPending}>
          {disable.isPending ? t('twoFactor.disabling') : t('twoFactor.disable')}
        </Button>
        <Button type="button" variant="outline" onClick={() => setOpen(false)}>
          {t('twoFactor.cancel')}
        </Button>
      </div>
    </form>
  );
}
