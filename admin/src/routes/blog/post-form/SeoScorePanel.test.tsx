import { describe, expect, it } from "vitest";
import { render, screen, within } from "@testing-library/react";
import { SeoScorePanel } from "./SeoScorePanel.tsx";

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(" ");
const title50 = "A".repeat(50);
const desc140 = "D".repeat(140);

describe("SEO score panel", () => {
  it("is green and Excellent at 80 or more", () => {
    render(<SeoScorePanel title={title50} metaDescription={desc140} keywords="a, b, c" content={`<h2>x</h2>${words(650)}`} featuredImage="/uploads/a.webp" />);
    expect(screen.getByTestId("seo-score")).toHaveTextContent("100");
    expect(screen.getByTestId("seo-label")).toHaveTextContent("Excellent");
    expect(screen.getByTestId("seo-bar")).toHaveAttribute("data-color", "green");
    expect(screen.getByTestId("seo-bar")).toHaveClass("bg-green-500");
  });

  it("is amber and Good from 60 to 79", () => {
    // title 20 + description 20 + keywords 15 + content 5 = 60
    render(<SeoScorePanel title={title50} metaDescription={desc140} keywords="a, b, c" content={words(10)} />);
    expect(screen.getByTestId("seo-score")).toHaveTextContent("60");
    expect(screen.getByTestId("seo-label")).toHaveTextContent("Good");
    expect(screen.getByTestId("seo-bar")).toHaveClass("bg-amber-500");
  });

  it("is red below 60 with Fair / Needs Improvement, and one message per check", () => {
    const { rerender } = render(<SeoScorePanel title={title50} metaDescription={desc140} content={words(10)} />);
    expect(screen.getByTestId("seo-score")).toHaveTextContent("45");
    expect(screen.getByTestId("seo-label")).toHaveTextContent("Fair");
    expect(screen.getByTestId("seo-bar")).toHaveClass("bg-red-500");
    rerender(<SeoScorePanel title="" content="" />);
    expect(screen.getByTestId("seo-label")).toHaveTextContent("Needs Improvement");
    const items = within(screen.getByRole("list")).getAllByRole("listitem");
    expect(items).toHaveLength(6);
    expect(screen.getByText("Add a title.", { exact: false })).toBeInTheDocument();
    expect(items[0]).toHaveAttribute("data-status", "info");
  });
});
