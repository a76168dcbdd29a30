import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

interface PageMeta {
  /** Page name; the document title becomes "<title> · NomadSwap". Omit for the app's default title. */
  title?: string;
  /** Overrides the default meta description while the page is shown. */
  description?: string;
}

/**
 * Sets the document title (and optionally the meta description) for the current page and puts the
 * defaults back when the page goes away, so a page that sets nothing never inherits a stale title.
 */
export function usePageMeta({ title, description }: PageMeta = {}): void {
  const { t } = useTranslation();

  useEffect(() => {
    document.title = title ? t('meta.titleTemplate', { title }) : t('meta.defaultTitle');
    return () => {
      document.title = t('meta.defaultTitle');
    };
  }, [title, t]);

  useEffect(() => {
    if (!description) return;
    const meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) return;
    const previous = meta.content;
    meta.content = description;
    return () => {
      meta.content = previous;
    };
  }, [description]);
}
