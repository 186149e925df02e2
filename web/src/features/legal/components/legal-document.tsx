interface Section {
  title: string;
  body: readonly string[];
}

interface Props {
  tocLabel: string;
  updated: string;
  intro: string;
  sections: readonly Section[];
  contact: string;
}

/** A numbered legal text (privacy policy, terms) laid out for easy reading on a phone. */
export function LegalDocument({ tocLabel, updated, intro, sections, contact }: Props) {
  return (
    <article className="mx-auto max-w-3xl">
      <p className="text-sm text-navy-700">{updated}</p>
      <p className="mt-4 text-lg text-navy-800">{intro}</p>
      <nav aria-labelledby="toc-title" className="mt-8 rounded-2xl bg-cream-100 p-6">
        <h2
          id="toc-title"
          className="mb-3 text-sm font-semibold tracking-wide text-navy-700 uppercase"
        >
          {tocLabel}
        </h2>
        <ol className="grid gap-1 text-sm sm:grid-cols-2">
          {sections.map((section, index) => (
            <li key={section.title}>
              <a
                href={`#section-${index + 1}`}
                className="inline-block rounded py-1 text-navy-800 underline-offset-4 hover:underline"
              >
                {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((section, index) => (
        <section key={section.title} id={`section-${index + 1}`} className="mt-10">
          <h2 className="text-xl font-bold text-navy-900">{section.title}</h2>
          {section.body.map((paragraph) => (
            <p key={paragraph} className="mt-3 leading-relaxed text-navy-800">
              {paragraph}
            </p>
          ))}
        </section>
      ))}
      <p className="mt-12 rounded-2xl border border-cream-300 bg-white p-6 text-navy-800">
        {contact}
      </p>
    </article>
  );
}
