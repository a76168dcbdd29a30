import type { ReactNode } from 'react';
import { Trans } from 'react-i18next';
import type { ParseKeys } from 'i18next';
import { useSupportEmail } from '../../../hooks/use-support-email';
import { useInfoTranslation } from '../i18n';
import { inlineLinkClass } from './info-layout';

/** `<mail>` of a catalogue text: Trans fills in the address as the link's text. */
function MailAnchor({ email, children }: { email: string; children?: ReactNode }) {
  return (
    <a href={`mailto:${email}`} className={`${inlineLinkClass} wrap-anywhere`}>
      {children ?? email}
    </a>
  );
}

/** A catalogue text whose `<mail>` is the configured support address, as a mailto link. */
export function MailText({ i18nKey }: { i18nKey: ParseKeys<'info'> }) {
  const { t } = useInfoTranslation();
  const email = useSupportEmail();
  return (
    <Trans t={t} i18nKey={i18nKey} values={{ email }} components={{ mail: <MailAnchor email={email} /> }} />
  );
}
