# One GPT-2 (124M, from its published configuration, no weights) training step: forward, the
# language-model loss, backward (a graph break), batch 8 x sequence 256.
import torch
from transformers import AutoModelForCausalLM, GPT2Config

BATCH, SEQUENCE, LAYERS = 8, 256, 12


class Model(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.model = AutoModelForCausalLM.from_config(GPT2Config(n_layer=LAYERS))

    def forward(self, x):
        loss = self.model(x, labels=x).loss
        loss.backward()
        return loss


def get_inputs():
    return [torch.randint(0, 50257, (BATCH, SEQUENCE))]


def get_init_inputs():
    return []
