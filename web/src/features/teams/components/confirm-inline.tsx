import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';

interface Props {
  question: string;
  yes: string;
  no: string;
  busy: boolean;
  onYes: () => void;
  onNo: () => void;
}

/**
 * A second step in place for an action that takes access away (remove, leave, cancel): the
 * question takes the focus, so keyboard and screen-reader users hear it before answering.
 */
export function ConfirmInline({ question, yes, no, busy, onYes, onNo }: Props) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div className="grid gap-2 rounded-lg border border-red-200 bg-red-50 p-3" role="group">
      <p ref={ref} tabIndex={-1} className="text-sm font-medium text-red-900 outline-none">
        {question}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="destructive" disabled={busy} onClick={onYes}>
          {yes}
        </Button>
        <Button size="sm" variant="outline" disabled={busy} onClick={onNo}>
          {no}
        </Button>
      </div>
    </div>
  );
}
