import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { SendHorizontal, WifiOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { MESSAGE_MAX_LENGTH } from '@nomadswap/contracts/messaging-limits';
import { Button } from '../../../components/ui/button';
import { Textarea } from '../../../components/ui/textarea';
import { COMPOSER_BAR_CLASS, COMPOSER_FORM_CLASS } from './messages-page-layout';

interface ComposerProps {
  /** Offline the box stays usable: the outbox holds what is sent and sends it on reconnect (use-outbox). */
  offline?: boolean;
  onSend: (content: string) => void;
  onTyping: () => void;
  onStopTyping: () => void;
}

/** Enter sends, Shift+Enter starts a new line; blank text is never sent and the text is trimmed. */
export function Composer({ offline = false, onSend, onTyping, onStopTyping }: ComposerProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const content = value.trim();

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!content) return;
    onSend(content);
    onStopTyping();
    setValue('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // While an input method composes a character, Enter confirms the character, not the message.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <div className={COMPOSER_BAR_CLASS}>
      {offline ? (
        <p
          className="flex items-center gap-1.5 px-3 pt-2 text-xs text-muted-foreground"
          id="composer-offline"
        >
          <WifiOff className="size-3.5 shrink-0" aria-hidden="true" />
          {t('messages.offlineComposer')}
        </p>
      ) : null}
      <form onSubmit={submit} className={COMPOSER_FORM_CLASS}>
        <Textarea
          aria-label={t('messages.inputLabel')}
          aria-describedby={offline ? 'composer-offline' : undefined}
          placeholder={t('messages.placeholder')}
          value={value}
          maxLength={MESSAGE_MAX_LENGTH}
          rows={1}
          onChange={(event) => {
            setValue(event.target.value);
            if (event.target.value.trim()) onTyping();
            else onStopTyping();
          }}
          onKeyDown={onKeyDown}
          onBlur={onStopTyping}
          enterKeyHint="send"
          className="max-h-40 min-h-11 resize-none [field-sizing:content]"
        />
        <Button
          type="submit"
          size="icon"
          className="size-11 shrink-0"
          disabled={!content}
          aria-label={t('messages.send')}
        >
          <SendHorizontal aria-hidden="true" />
        </Button>
      </form>
    </div>
  );
}
