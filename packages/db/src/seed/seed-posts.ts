/** Demo blog content: real HTML (headings, lists, images), a noIndex post and drafts. */
import { estimateReadTime } from "@botox/core";

export interface DemoCategory {
  name: string;
  slug: string;
}

export const DEMO_CATEGORIES: DemoCategory[] = [
  { name: "Botox Treatments", slug: "botox-treatments" },
  { name: "Skin Care", slug: "skin-care" },
  { name: "Cosmetic Procedures", slug: "cosmetic-procedures" },
  { name: "Clinic Guides", slug: "clinic-guides" },
];

interface Section {
  h2: string;
  p: string[];
  ul?: string[];
  ol?: string[];
  h3?: { title: string; p: string }[];
}

interface PostSource {
  title: string;
  slug: string;
  category: string;
  author: string;
  excerpt: string;
  keywords: string;
  intro: string;
  sections: Section[];
  published: boolean;
  noIndex?: boolean;
}

export interface DemoPost {
  title: string;
  slug: string;
  categorySlug: string;
  author: string;
  content: string;
  excerpt: string;
  featuredImage: string;
  keywords: string;
  metaTitle: string;
  metaDescription: string;
  published: boolean;
  publishedAt: Date | null;
  noIndex: boolean;
  estimatedReadTime: number;
}

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

function render(post: PostSource, image: string): string {
  const parts = [`<p>${esc(post.intro)}</p>`, `<img src="${image}" alt="${esc(post.title)}" width="1200" height="630" loading="lazy">`];
  for (const s of post.sections) {
    parts.push(`<h2>${esc(s.h2)}</h2>`, ...s.p.map((p) => `<p>${esc(p)}</p>`));
    if (s.ul) parts.push(`<ul>${s.ul.map((li) => `<li>${esc(li)}</li>`).join("")}</ul>`);
    if (s.ol) parts.push(`<ol>${s.ol.map((li) => `<li>${esc(li)}</li>`).join("")}</ol>`);
    for (const h of s.h3 ?? []) parts.push(`<h3>${esc(h.title)}</h3>`, `<p>${esc(h.p)}</p>`);
  }
  return parts.join("\n");
}

const TEAM = "Botox Near Me Team";
const NURSE = "Jessica Alvarez, RN";
const DOCTOR = "Dr. Maya Chen, MD";

const SOURCES: PostSource[] = [
  {
    title: "What Is Botox and How Does It Work?",
    slug: "what-is-botox-and-how-does-it-work",
    category: "botox-treatments",
    author: DOCTOR,
    excerpt: "A plain-language guide to botulinum toxin: how it relaxes muscles, what it treats and what a first appointment looks like.",
    keywords: "what is botox, botox injections, botulinum toxin, wrinkle treatment",
    intro:
      "Botox is the best-known brand of botulinum toxin type A, a purified protein that temporarily relaxes the muscles it is injected into. Used in tiny, precise doses, it softens the lines that form when we frown, squint or raise our eyebrows.",
    sections: [
      {
        h2: "How botulinum toxin relaxes muscles",
        p: [
          "Every expression line starts with a nerve signal telling a muscle to contract. Botox blocks the release of acetylcholine at that junction, so the treated muscle stays calmer and the skin above it creases less.",
          "The effect is local and gradual: most people notice a change after three to five days and the full result at two weeks.",
        ],
        h3: [
          {
            title: "Dynamic versus static wrinkles",
            p: "Dynamic wrinkles appear with movement and respond best. Static lines that remain at rest soften over repeated sessions but may also need fillers or resurfacing.",
          },
          {
            title: "How long results last",
            p: "Results typically last three to four months. Muscle activity returns gradually, so there is no sudden change when it wears off.",
          },
        ],
      },
      {
        h2: "Common treatment areas",
        p: ["Cosmetic use focuses on the upper face, where expression lines are most pronounced."],
        ul: [
          "Forehead lines",
          "Frown lines between the brows (the '11s')",
          "Crow's feet around the eyes",
          "Bunny lines on the nose",
          "Masseter muscles for jaw slimming",
        ],
      },
      {
        h2: "What to expect at your first appointment",
        p: ["A licensed injector reviews your medical history, asks you to make a few expressions and marks the injection points."],
        ol: ["Consultation and goals", "Skin cleansing", "A few quick injections with a fine needle", "Brief aftercare instructions"],
      },
    ],
    published: true,
  },
  {
    title: "How Much Does Botox Cost in 2026?",
    slug: "how-much-does-botox-cost",
    category: "botox-treatments",
    author: TEAM,
    excerpt: "Per-unit versus per-area pricing, typical unit counts for each area and the factors that move the price up or down.",
    keywords: "botox cost, botox price per unit, botox pricing, botox specials",
    intro:
      "Botox pricing varies more than most people expect. Clinics charge either per unit or per treatment area, and the total depends on your anatomy, your goals and where you live.",
    sections: [
      {
        h2: "Per unit or per area?",
        p: [
          "Per-unit pricing is the most transparent: you pay for exactly what is injected. Per-area pricing bundles the units for one zone into a flat fee, which can be simpler to budget.",
        ],
        h3: [
          {
            title: "Typical unit counts",
            p: "Frown lines usually take 15 to 25 units, forehead lines 10 to 20 and crow's feet 10 to 15 per side. Masseter treatment needs considerably more.",
          },
          {
            title: "Regional differences",
            p: "Large metropolitan areas such as New York and Los Angeles tend to sit at the top of the range; smaller cities are often more affordable.",
          },
        ],
      },
      {
        h2: "What affects the final price",
        p: ["Two quotes for the same area can differ for good reasons."],
        ul: [
          "Injector credentials and experience",
          "Number of units your muscles need",
          "Clinic location and overheads",
          "Membership programs and seasonal specials",
        ],
      },
      {
        h2: "Questions to ask before you book",
        p: ["Ask the clinic to confirm the product name, the number of units planned and whether a follow-up touch-up is included."],
        ol: ["Is pricing per unit or per area?", "Who performs the injection?", "Is a two-week review included?"],
      },
    ],
    published: true,
  },
  {
    title: "Botox for Migraines: What the Research Says",
    slug: "botox-for-migraines",
    category: "botox-treatments",
    author: DOCTOR,
    excerpt: "Botox is an approved preventive treatment for chronic migraine. Here is who qualifies and how the treatment schedule works.",
    keywords: "botox for migraines, chronic migraine treatment, botox headaches",
    intro:
      "Beyond smoothing wrinkles, botulinum toxin is an approved preventive treatment for chronic migraine in adults who have headaches on fifteen or more days a month.",
    sections: [
      {
        h2: "How it helps",
        p: [
          "Injections around the head and neck are thought to block pain signals before they reach the nerve endings involved in migraine. Many patients report fewer headache days after two treatment cycles.",
        ],
      },
      {
        h2: "The treatment schedule",
        p: ["Medical migraine treatment follows a fixed protocol with injection sites across the forehead, temples, back of the head, neck and shoulders."],
        ol: ["Diagnosis of chronic migraine by a physician", "A treatment session every twelve weeks", "Review of a headache diary after two sessions"],
        h3: [
          {
            title: "Is it covered by insurance?",
            p: "For diagnosed chronic migraine many insurers cover the treatment, often after other preventive medicines have been tried.",
          },
        ],
      },
      {
        h2: "Who should not have it",
        p: ["Speak with your doctor first if any of the following apply."],
        ul: ["Pregnancy or breastfeeding", "Neuromuscular conditions", "Infection at the injection sites"],
      },
    ],
    published: true,
  },
  {
    title: "Masseter Botox for Jaw Slimming and Teeth Grinding",
    slug: "masseter-botox-jaw-slimming",
    category: "botox-treatments",
    author: NURSE,
    excerpt: "How masseter injections relax an overworked jaw muscle, ease clenching and gradually slim the lower face.",
    keywords: "masseter botox, jaw slimming, teeth grinding, bruxism, tmj botox",
    intro:
      "The masseter is the strong chewing muscle at the angle of the jaw. When it is overdeveloped, or when you clench and grind at night, relaxing it with Botox can bring both comfort and a softer jawline.",
    sections: [
      {
        h2: "Two reasons people choose it",
        p: ["Some patients want relief from clenching, jaw ache and tension headaches. Others want a slimmer, more oval face shape. Often it is both."],
        ul: ["Reduced grinding and clenching", "Less jaw pain and morning headaches", "A gradually slimmer lower face"],
      },
      {
        h2: "What results look like over time",
        p: [
          "Functional relief starts within one to two weeks. The slimming effect appears more slowly, over six to eight weeks, as the muscle becomes less bulky.",
        ],
        h3: [
          { title: "How many units are needed", p: "Masseter treatment uses more units than the upper face, commonly 20 to 30 per side." },
          { title: "Maintenance", p: "Sessions every four to six months keep the muscle relaxed; intervals often lengthen with time." },
        ],
      },
    ],
    published: true,
  },
  {
    title: "Botox Aftercare: Dos and Don'ts for the First 24 Hours",
    slug: "botox-aftercare-dos-and-donts",
    category: "skin-care",
    author: NURSE,
    excerpt: "Simple aftercare steps that help your results settle evenly, plus what to avoid on the day of treatment.",
    keywords: "botox aftercare, after botox, botox tips, botox side effects",
    intro:
      "Botox needs a little time to bind where it was placed. A few simple habits on treatment day help your results look even and reduce the chance of bruising.",
    sections: [
      {
        h2: "Do",
        p: ["These steps are easy and make a real difference."],
        ul: [
          "Stay upright for four hours",
          "Gently use the treated muscles by making expressions",
          "Apply a cool compress if you notice swelling",
          "Keep your two-week follow-up appointment",
        ],
      },
      {
        h2: "Don't",
        p: ["Avoid anything that presses on, heats or massages the treated areas on the first day."],
        ol: [
          "No facials, massages or tight headbands",
          "No strenuous exercise for 24 hours",
          "No saunas, hot yoga or tanning",
          "No lying face down for several hours",
        ],
      },
      {
        h2: "When to call your clinic",
        p: [
          "Mild redness and small bumps fade within an hour. Contact your injector if you notice drooping of the eyelid or brow, difficulty swallowing or any symptom that worries you.",
        ],
      },
    ],
    published: true,
  },
  {
    title: "Building a Skin Care Routine That Extends Your Botox Results",
    slug: "skin-care-routine-botox-results",
    category: "skin-care",
    author: TEAM,
    excerpt: "Sunscreen, retinoids and hydration: the everyday habits that keep skin smooth between appointments.",
    keywords: "skin care routine, retinol, sunscreen, anti-aging skin care",
    intro:
      "Botox relaxes the muscles that crease the skin, but the skin itself still needs care. A consistent routine keeps texture and tone at their best between appointments.",
    sections: [
      {
        h2: "The morning routine",
        p: ["Mornings are about protection."],
        ol: ["Gentle cleanser", "Vitamin C serum", "Lightweight moisturizer", "Broad-spectrum SPF 30 or higher"],
      },
      {
        h2: "The evening routine",
        p: ["Evenings are about repair."],
        ol: ["Double cleanse if you wear makeup or sunscreen", "A retinoid, introduced slowly", "A richer moisturizer"],
        h3: [{ title: "Go slowly with retinoids", p: "Start twice a week and build up; irritation is a sign to slow down, not to stop for good." }],
      },
      {
        h2: "Habits that matter most",
        p: ["Daily sunscreen does more for your skin than any single product."],
        ul: ["Wear sunscreen every day, even when it is cloudy", "Sleep on your back where possible", "Stay hydrated and do not smoke"],
      },
    ],
    published: true,
  },
  {
    title: "Sunscreen 101: Choosing the Right SPF",
    slug: "sunscreen-101-choosing-spf",
    category: "skin-care",
    author: DOCTOR,
    excerpt: "Mineral or chemical, SPF 30 or 50, and how much to apply: the essentials of sun protection.",
    keywords: "sunscreen, spf, mineral sunscreen, sun protection, skin aging",
    intro: "Ultraviolet light causes most visible skin aging. Choosing and using sunscreen well is the single most effective anti-aging habit there is.",
    sections: [
      {
        h2: "Mineral or chemical filters",
        p: [
          "Mineral sunscreens use zinc oxide or titanium dioxide and suit sensitive skin. Chemical filters are often lighter and easier to wear under makeup. The best sunscreen is the one you will use every day.",
        ],
      },
      {
        h2: "How much to apply",
        p: ["Most people apply about half the amount they need."],
        ul: ["About a quarter teaspoon for the face", "Reapply every two hours outdoors", "Reapply after swimming or sweating"],
        h3: [{ title: "What SPF means", p: "SPF measures protection from UVB. Look for broad-spectrum on the label for UVA protection as well." }],
      },
    ],
    published: true,
  },
  {
    title: "Botox vs. Dermal Fillers: Which One Do You Need?",
    slug: "botox-vs-dermal-fillers",
    category: "cosmetic-procedures",
    author: NURSE,
    excerpt: "Botox relaxes muscles; fillers restore volume. Learn which lines each one treats and when they work best together.",
    keywords: "botox vs fillers, dermal fillers, hyaluronic acid, lip filler",
    intro:
      "Botox and dermal fillers are both injectables, but they solve different problems. Knowing the difference helps you have a better conversation with your injector.",
    sections: [
      {
        h2: "What each treatment does",
        p: ["Botox relaxes the muscles behind expression lines. Fillers, usually made of hyaluronic acid, add volume where it has been lost."],
        h3: [
          { title: "Best for Botox", p: "Forehead lines, frown lines and crow's feet: lines caused by movement." },
          { title: "Best for fillers", p: "Smile lines, thin lips, hollow cheeks and under-eye hollows: lines caused by volume loss." },
        ],
      },
      {
        h2: "Using both together",
        p: ["Many treatment plans combine the two for a balanced result."],
        ul: ["Botox for the upper face", "Filler for the mid and lower face", "Staggered appointments to judge each result"],
      },
    ],
    published: true,
  },
  {
    title: "Microneedling, Chemical Peels and Lasers Explained",
    slug: "microneedling-peels-lasers-explained",
    category: "cosmetic-procedures",
    author: DOCTOR,
    excerpt: "A side-by-side look at three popular resurfacing treatments, their downtime and what they are best for.",
    keywords: "microneedling, chemical peel, laser resurfacing, skin texture",
    intro:
      "Resurfacing treatments improve texture, tone and fine lines by prompting the skin to renew itself. They complement Botox, which works on muscle movement rather than the skin surface.",
    sections: [
      {
        h2: "Microneedling",
        p: ["Fine needles create controlled micro-injuries that stimulate collagen. Expect one to three days of redness."],
      },
      {
        h2: "Chemical peels",
        p: ["Peels range from light lunchtime treatments to deeper peels with a week of peeling."],
        ul: [
          "Light peels: glow and mild texture improvement",
          "Medium peels: sun damage and fine lines",
          "Deep peels: significant wrinkles, with longer recovery",
        ],
      },
      {
        h2: "Laser resurfacing",
        p: ["Lasers target specific concerns such as pigmentation, redness or wrinkles."],
        ol: ["Consultation and skin typing", "Test spot where appropriate", "A series of sessions spaced several weeks apart"],
        h3: [
          {
            title: "Choosing between them",
            p: "Your skin type, your concern and the downtime you can accept all matter; a consultation is the best place to decide.",
          },
        ],
      },
    ],
    published: true,
  },
  {
    title: "How to Choose a Qualified Botox Provider",
    slug: "how-to-choose-a-botox-provider",
    category: "clinic-guides",
    author: TEAM,
    excerpt: "Credentials, consultations and red flags: a checklist for finding a safe, skilled injector near you.",
    keywords: "botox provider, botox near me, injector credentials, med spa",
    intro: "The skill of the injector matters more than any other factor in how your Botox looks. A little research before booking pays off.",
    sections: [
      {
        h2: "Check credentials",
        p: [
          "Injections should be performed by a licensed medical professional, such as a physician, physician assistant or registered nurse, working under appropriate medical supervision.",
        ],
        ul: ["Licensed and in good standing", "Specific injectable training", "Years of experience and before-and-after photos"],
      },
      {
        h2: "Red flags",
        p: ["Be cautious if you notice any of these."],
        ol: [
          "Prices far below the local average",
          "No medical history questions",
          "Pressure to book additional treatments on the spot",
          "Unwillingness to name the product used",
        ],
      },
      {
        h2: "Use reviews wisely",
        p: ["Review counts and ratings help, but read the comments: look for mentions of natural results, clear communication and good follow-up care."],
        h3: [{ title: "Book a consultation first", p: "A good clinic welcomes questions and will tell you when a treatment is not right for you." }],
      },
    ],
    published: true,
  },
  {
    title: "Your First Med Spa Visit: A Step-by-Step Guide",
    slug: "first-med-spa-visit-guide",
    category: "clinic-guides",
    author: NURSE,
    excerpt: "What happens from check-in to checkout at a med spa, and how to prepare so your visit goes smoothly.",
    keywords: "med spa visit, first botox appointment, med spa guide",
    intro: "Visiting a med spa for the first time can feel unfamiliar. Knowing the steps in advance makes it easy and relaxed.",
    sections: [
      {
        h2: "Before you go",
        p: ["A little preparation helps you get the most from your appointment."],
        ul: ["Avoid blood thinners and alcohol for a day if your doctor agrees", "Arrive with a clean face", "Bring a list of medications"],
      },
      {
        h2: "During the visit",
        p: ["Most first visits follow the same order."],
        ol: ["Check-in and medical history forms", "Consultation with your injector", "Treatment", "Aftercare instructions and follow-up booking"],
      },
      {
        h2: "After the visit",
        p: ["Follow the aftercare advice and note how your results develop over two weeks."],
        h3: [{ title: "The two-week check", p: "Small adjustments are common and are usually made at a follow-up appointment." }],
      },
    ],
    published: true,
  },
  {
    title: "Botox Specials and Deals: How to Save Safely",
    slug: "botox-specials-and-deals",
    category: "clinic-guides",
    author: TEAM,
    excerpt: "Membership plans, seasonal promotions and loyalty programs: how to find genuine value without compromising safety.",
    keywords: "botox specials, botox deals, botox coupons, botox membership",
    intro: "Many reputable clinics offer specials. The trick is telling a genuine promotion from a price that is too good to be true.",
    sections: [
      {
        h2: "Where genuine savings come from",
        p: ["Legitimate discounts usually reward loyalty or fill quieter appointment slots."],
        ul: [
          "Manufacturer loyalty programs",
          "Clinic memberships with monthly credits",
          "New-patient and seasonal offers",
          "Bundles with skin care treatments",
        ],
      },
      {
        h2: "Warning signs",
        p: ["Unusually cheap units can mean diluted product or an unqualified injector."],
        ol: ["Ask which product is used", "Ask how many units are included", "Confirm who performs the injection"],
        h3: [{ title: "Subscribe for local deals", p: "Our newsletter shares specials from clinics near your ZIP code." }],
      },
    ],
    published: true,
  },
  {
    title: "Newsletter Archive: Spring Botox Specials",
    slug: "newsletter-archive-spring-specials",
    category: "clinic-guides",
    author: TEAM,
    excerpt: "An archived copy of our spring newsletter with seasonal specials from partner clinics.",
    keywords: "botox newsletter, spring specials",
    intro: "This archived newsletter is kept for subscribers who asked for a copy. The offers it mentions have expired.",
    sections: [
      {
        h2: "This season's highlights",
        p: ["Spring is a popular time to refresh before summer events."],
        ul: ["New-patient pricing at participating clinics", "Skin care bundles", "Referral credits"],
        h3: [{ title: "Offers have ended", p: "Check the clinic pages for current specials near you." }],
      },
    ],
    published: true,
    noIndex: true,
  },
  {
    title: "Hair Botox: Is It Really Botox?",
    slug: "hair-botox-explained",
    category: "skin-care",
    author: NURSE,
    excerpt: "Hair Botox is a conditioning treatment, not an injection. Here is what it contains and what it can do.",
    keywords: "hair botox, hair treatment, frizz treatment",
    intro: "Despite the name, hair Botox contains no botulinum toxin. It is a deep-conditioning treatment that fills in damaged hair fibers.",
    sections: [
      {
        h2: "What is in it",
        p: ["Formulas vary but usually combine proteins, oils and vitamins."],
        ul: ["Keratin or collagen", "Oils such as argan", "Vitamins and antioxidants"],
      },
      {
        h2: "Who it suits",
        p: ["It suits dry, frizzy or chemically treated hair and lasts two to four months."],
      },
    ],
    published: false,
  },
  {
    title: "Preventative Botox in Your Twenties: Pros and Cons",
    slug: "preventative-botox-in-your-twenties",
    category: "botox-treatments",
    author: DOCTOR,
    excerpt: "Does starting early prevent wrinkles? A balanced look at 'baby Botox' and when it makes sense.",
    keywords: "preventative botox, baby botox, botox in your twenties",
    intro: "Preventative Botox uses small doses to limit the repeated movement that etches lines into the skin over time.",
    sections: [
      {
        h2: "The case for starting early",
        p: ["Relaxing strong expression muscles early may slow the formation of deep lines."],
        ul: ["Lower doses", "Natural movement preserved", "Fewer static lines later"],
      },
      {
        h2: "The case for waiting",
        p: ["Good skin care and sunscreen already prevent much early aging, and treatment is an ongoing commitment."],
      },
    ],
    published: false,
  },
];

const BASE_DATE = Date.UTC(2026, 0, 6, 14, 0, 0);
const DAY = 86_400_000;

/** The demo posts with fixed publish dates (deterministic), newest last. */
export function demoPosts(): DemoPost[] {
  let publishedIndex = 0;
  return SOURCES.map((source) => {
    const featuredImage = `https://picsum.photos/seed/${source.slug}/1200/630`;
    const content = render(source, featuredImage);
    const publishedAt = source.published ? new Date(BASE_DATE + publishedIndex++ * 9 * DAY) : null;
    return {
      title: source.title,
      slug: source.slug,
      categorySlug: source.category,
      author: source.author,
      content,
      excerpt: source.excerpt,
      featuredImage,
      keywords: source.keywords,
      metaTitle: `${source.title} | Botox Near Me`,
      metaDescription: source.excerpt.slice(0, 160),
      published: source.published,
      publishedAt,
      noIndex: source.noIndex ?? false,
      estimatedReadTime: estimateReadTime(content),
    };
  });
}
