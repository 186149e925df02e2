import { CircleHelp, MessageCircleQuestion, ShieldCheck, Zap, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { useI18n } from '@/i18n';

function InfoCard({
  icon: Icon,
  title,
  children,
}: {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader className="flex-row items-center gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-gold-100 text-gold-800">
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <h2 className="text-base font-semibold text-navy-900">{title}</h2>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** Spec section 2: common questions (each one asks it), instant answers, specialised support. */
export function ChatInfoCards({ onAsk }: { onAsk: (question: string) => void }) {
  const { t } = useI18n();
  const { questions, instant, specialised } = t.support.cards;
  const bullets = (items: readonly string[]) => (
    <ul className="grid gap-2 text-sm text-navy-800">
      {items.map((item) => (
        <li key={item} className="flex gap-2">
          <span aria-hidden="true" className="mt-2 size-1.5 shrink-0 rounded-full bg-gold-500" />
          {item}
        </li>
      ))}
    </ul>
  );

  return (
    <div className="grid gap-4 md:grid-cols-3">
      <InfoCard icon={CircleHelp} title={questions.title}>
        <ul className="grid gap-1 text-sm">
          {questions.items.map((question) => (
            <li key={question}>
              <button
                type="button"
                onClick={() => onAsk(question)}
                aria-label={questions.ask(question)}
                className="flex min-h-9 w-full items-start gap-2 rounded-md px-2 py-1.5 text-left font-medium text-navy-800 underline-offset-4 hover:bg-cream-100 hover:underline"
              >
                <MessageCircleQuestion
                  aria-hidden="true"
                  className="mt-0.5 size-4 shrink-0 text-gold-700"
                />
                {question}
              </button>
            </li>
          ))}
        </ul>
      </InfoCard>
      <InfoCard icon={Zap} title={instant.title}>
        {bullets(instant.items)}
      </InfoCard>
      <InfoCard icon={ShieldCheck} title={specialised.title}>
        {bullets(specialised.items)}
      </InfoCard>
    </div>
  );
}
