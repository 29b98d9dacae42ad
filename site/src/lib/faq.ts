/** The eight fixed FAQ entries (product.md §2.10). */
export const FAQ_ITEMS: readonly { question: string; answer: string }[] = [
  {
    question: "What is Botox and how does it work?",
    answer:
      "Botox is a purified form of botulinum toxin that temporarily relaxes the muscles it is injected into. Relaxed muscles smooth out dynamic wrinkles such as frown lines, forehead lines and crow's feet.",
  },
  {
    question: "How long does Botox last?",
    answer: "Results usually appear within 3 to 7 days and last about 3 to 4 months. With regular treatments some people find results last longer.",
  },
  {
    question: "What is masseter Botox?",
    answer:
      "Masseter Botox is injected into the jaw muscles to slim the lower face and reduce teeth grinding. Results build over several weeks and last around 4 to 6 months.",
  },
  {
    question: "Can Botox help with TMJ?",
    answer:
      "Botox can relax overactive jaw muscles and ease the pain and clenching associated with TMJ disorders. Ask a qualified provider whether it suits your case.",
  },
  {
    question: "What is hair Botox?",
    answer:
      "Despite the name, hair Botox contains no botulinum toxin. It is a deep-conditioning treatment that fills in damaged hair fibers to make hair look smoother and shinier.",
  },
  {
    question: "How do I find Botox specials near me?",
    answer: "Search by city or ZIP code to see clinics near you, and subscribe to our newsletter to receive exclusive local Botox deals and promotions.",
  },
  {
    question: "Can Botox treat migraines?",
    answer:
      "Botox is approved for the prevention of chronic migraines in adults. Treatment involves injections around the head and neck about every 12 weeks, given by a trained physician.",
  },
  {
    question: "How much does Botox cost?",
    answer:
      "Botox is usually priced per unit, commonly between $10 and $20 per unit in the United States. The total depends on the area treated, the number of units and the provider.",
  },
];
