import { useInfoTranslation } from '../i18n';
import { MailText } from './mail-text';

const SECTIONS = [
  'service',
  'eligibility',
  'exchange',
  'meetings',
  'conduct',
  'content',
  'moderation',
  'liability',
  'changes',
  'contact',
] as const;

/**
 * The terms, numbered: on /terms-of-service (headings h2) and in the terms tab of /community-rules (h3,
 * under the tab's own heading).
 */
export function TermsSections({ level }: { level: 2 | 3 }) {
  const { t } = useInfoTranslation();
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <div className="grid gap-5">
      {SECTIONS.map((key) => (
        <section key={key} aria-labelledby={`terms-${level}-${key}`} className="grid gap-1.5">
          <Heading id={`terms-${level}-${key}`} className="text-lg font-semibold tracking-tight">
            {t(`terms.sections.${key}.title`)}
          </Heading>
          <p className="text-sm leading-relaxed sm:text-base">
            <MailText i18nKey={`terms.sections.${key}.body`} />
          </p>
        </section>
      ))}
    </div>
  );
}
